import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { dismissToast, type Toast } from '../../lib/toasts';

/**
 * The notices raised with showToast, bottom centre above everything, announced politely. Loaded
 * with the first notice (root-layout.tsx). Whoever raises one words it in the language spoken.
 */
export default function Toasts({ toasts }: { toasts: readonly Toast[] }) {
  const { t } = useLingui();
  return (
    // Each notice is a status region of its own; a list of them would hold status elements where
    // only list items may be (axe "list", "aria-allowed-role").
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          className="pointer-events-auto flex max-w-md items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-sm shadow-lg"
        >
          <span>{toast.message}</span>
          {toast.link ? (
            <Link
              to={toast.link.to}
              search={toast.link.search ?? {}}
              onClick={() => dismissToast(toast.id)}
              className="font-medium text-accent"
            >
              {toast.link.label}
            </Link>
          ) : null}
          {toast.action ? (
            <button
              type="button"
              onClick={() => {
                dismissToast(toast.id);
                toast.action?.run();
              }}
              className="btn btn-secondary"
            >
              {toast.action.label}
            </button>
          ) : null}
          <button
            type="button"
            aria-label={t`Dismiss`}
            onClick={() => dismissToast(toast.id)}
            className="icon-button ms-auto"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
