import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/public')({ component: () => <h1>Public Ruminations</h1> });
