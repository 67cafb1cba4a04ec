import { lazy, Suspense } from 'react';
import { useAuth } from '../auth/auth-context';

// The list, the forms and their mutations are for signed-in users only; visitors, who see just
// the hint, do not download them (they would be most of the public page's own code).
const CommentSection = lazy(() =>
  import('./comment-section').then((module) => ({ default: module.CommentSection })),
);

/** The comment area of a published rumination (spec sections 2 and 6). */
export function LazyCommentSection({ ruminationId }: { ruminationId: number }) {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) {
    return (
      <p className="border-t border-line pt-3 text-sm text-ink-muted">Log in to add a comment.</p>
    );
  }
  return (
    <Suspense
      fallback={
        // Not the "Comments" region yet: that is the section that arrives.
        <p className="border-t border-line pt-3 text-sm text-ink-muted">Loading comments...</p>
      }
    >
      <CommentSection ruminationId={ruminationId} />
    </Suspense>
  );
}
