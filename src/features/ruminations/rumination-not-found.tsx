import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';

/**
 * What /rumination/{id} shows for a rumination that does not exist and for one the reader may not
 * see, alike: the page never tells which.
 */
export function RuminationNotFound() {
  usePageTitle('Rumination not found');
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">Rumination not found</h1>
      <p className="text-ink-muted">It does not exist, or it is not shared with you.</p>
      <Link to="/public" className="text-link">
        Back to Public Ruminations
      </Link>
    </div>
  );
}
