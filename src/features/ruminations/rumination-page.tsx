import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { useCurrentUser } from '../auth/use-current-user';
import { RuminationCard } from './rumination-card';
import { useRumination } from './rumination-queries';

/**
 * A rumination on its own (/rumination/{id}), where a shared link or a notification leads: the
 * card with its comments open, for whoever may read it. `#comment-<id>` (a notification about a
 * comment) scrolls to that comment once the comments have loaded.
 */
export function RuminationPage({ ruminationId }: { ruminationId: number }) {
  const { data: rumination } = useRumination(ruminationId);
  const viewer = useCurrentUser();
  const { t } = useLingui();
  const author = rumination.createdBy.displayName;
  usePageTitle(t`${author}'s note`);
  useScrollToComment();
  return (
    <div className="flex flex-col gap-6">
      {/* The name isolated: a name in another script neither turns the sentence round nor runs into it. */}
      <h1 className="text-2xl font-bold">
        <Trans>
          Rumination by <bdi>{author}</bdi>
        </Trans>
      </h1>
      <RuminationCard rumination={rumination} viewerId={viewer?.id ?? null} commentsOpen />
    </div>
  );
}

/** How long the page waits for the named comment to appear (the comments load after the card). */
const COMMENT_WAIT_MS = 10_000;

/**
 * Scrolls to the comment the address names (`#comment-42`) and moves the focus there, waiting
 * for it to be rendered: the comment section is lazy and loads its list after the card shows.
 */
function useScrollToComment(): void {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    if (!/^comment-\d+$/.test(hash)) return;
    const reveal = (): boolean => {
      const target = document.getElementById(hash);
      if (!target) return false;
      // Some test DOMs have no scrollIntoView; browsers all do.
      if ('scrollIntoView' in target) target.scrollIntoView({ block: 'center' });
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
      return true;
    };
    if (reveal()) return;
    const observer = new MutationObserver(() => {
      if (reveal()) stop();
    });
    const timer = window.setTimeout(() => stop(), COMMENT_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [hash]);
}
