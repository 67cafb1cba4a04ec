import { lazy, Suspense, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import type { Comment } from '../../api/comment-schemas';
import { commentKeys } from '../../lib/query-keys';
import { commentCountLabel, countLiveComments } from './comment-count';

// The list, the forms and their mutations are for signed-in users only; visitors, who see just
// the hint, do not download them (they would be most of the public page's own code).
const CommentSection = lazy(() =>
  import('./comment-section').then((module) => ({ default: module.CommentSection })),
);

interface LazyCommentSectionProps {
  ruminationId: number;
  ruminationAuthorId: number;
  /** The list's count (api-contract.md `commentCount`), until the thread itself is loaded. */
  commentCount: number;
  /** Open from the start (a rumination's own page); lists start closed. */
  defaultOpen?: boolean;
}

/**
 * The comment area of a published rumination (spec sections 2 and 6). In a list it starts as one
 * button saying how many comments there are: the thread is fetched only when opened, so a page
 * of twenty cards costs one request, not twenty-one.
 */
export function LazyCommentSection({
  ruminationId,
  ruminationAuthorId,
  commentCount,
  defaultOpen = false,
}: LazyCommentSectionProps) {
  const { t } = useLingui();
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(defaultOpen);
  // Opened by a click: the reader wants to write, so the box takes the focus.
  const [openedByClick, setOpenedByClick] = useState(false);
  const sectionId = useId();
  // Never fetches: reads the thread if it is cached, which is fresher than the list's count. By
  // key alone (no query function), so a visitor's first page does not download comment-queries.ts
  // and what it shares a chunk with (the comment writes). A thread restored from the offline copy
  // and not read again since (invalidated) may be older than the list: then the list's count wins.
  const queryClient = useQueryClient();
  const threadKey = commentKeys.ofRumination(ruminationId);
  const thread = useQuery<Comment[]>({ queryKey: threadKey, enabled: false });
  const threadIsCurrent =
    thread.data !== undefined && queryClient.getQueryState(threadKey)?.isInvalidated === false;
  const count = threadIsCurrent ? countLiveComments(thread.data) : commentCount;

  if (!isAuthenticated) {
    return (
      <div className="flex flex-wrap items-baseline gap-x-3 border-t border-line pt-3 text-sm text-ink-muted">
        {count > 0 ? <span>{commentCountLabel(count)}</span> : null}
        <p>
          <Trans>Log in to add a comment.</Trans>
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? sectionId : undefined}
        onClick={() => {
          setOpenedByClick(!open);
          setOpen(!open);
        }}
        className="inline-flex items-center gap-1.5 self-start rounded px-1.5 py-0.5 text-sm font-medium text-ink-muted hover:bg-page hover:text-ink"
      >
        <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
          <path
            d="M4 4h12v9H8l-4 3V4z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
        {count === 0 ? t`Add a comment` : commentCountLabel(count)}
      </button>
      {open ? (
        <Suspense
          fallback={
            // Not the "Comments" region yet: that is the section that arrives.
            <p className="text-sm text-ink-muted">
              <Trans>Loading comments...</Trans>
            </p>
          }
        >
          <CommentSection
            id={sectionId}
            ruminationId={ruminationId}
            ruminationAuthorId={ruminationAuthorId}
            focusForm={openedByClick && count === 0}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
