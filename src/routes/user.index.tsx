import { createFileRoute } from '@tanstack/react-router';
import { InvalidUserId } from '../features/people/invalid-user-id';

/** /user without an id (spec section 2). */
export const Route = createFileRoute('/user/')({ component: InvalidUserId });
