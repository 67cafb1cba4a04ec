import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';

/** What a profile address without a usable id shows (spec sections 2 and 8). */
export function InvalidUserId() {
  usePageTitle('Invalid user ID');
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">Invalid user ID</h1>
      <Link to="/public" className="text-link">
        Back to Public Ruminations
      </Link>
    </div>
  );
}
