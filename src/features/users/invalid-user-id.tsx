import { Link } from '@tanstack/react-router';

/** What a profile address without a usable id shows (spec sections 2 and 8). */
export function InvalidUserId() {
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">Invalid user ID</h1>
      <Link
        to="/public"
        className="text-sky-700 underline focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-sky-300"
      >
        Back to Public Ruminations
      </Link>
    </div>
  );
}
