import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PagedList } from '../../components/ui/paged-list';
import type { Notification } from '../../api/notification-schemas';
import { useCurrentUser } from '../auth/use-current-user';
import { ruminationQueries } from '../ruminations/rumination-queries';
import {
  absoluteTime,
  firstLineOf,
  notificationSentence,
  notificationTarget,
  relativeTime,
  type NotificationSentence,
} from './notification-text';
import { useMarkNotificationsRead, useNotifications } from './notification-queries';

/**
 * /notifications: one line per notification, newest first, each leading to where it happened.
 * Opening the page marks what it shows read (up to the newest shown id); the lines that were new
 * keep their mark while the page stays open, so the person sees what was new.
 */
export function NotificationsPage() {
  const { t } = useLingui();
  const query = useNotifications();
  const viewer = useCurrentUser();
  const { mutate: markReadUpTo } = useMarkNotificationsRead();
  const notifications = query.data?.pages.flat() ?? [];
  const newestId = notifications[0]?.id;
  const hasUnread = notifications.some((n) => !n.isRead);
  const markedUpTo = useRef(0);

  useEffect(() => {
    // Once per newest id: a notification arriving while the page is open is shown, so read too.
    if (newestId === undefined || !hasUnread || newestId <= markedUpTo.current) return;
    markedUpTo.current = newestId;
    markReadUpTo(newestId);
  }, [newestId, hasUnread, markReadUpTo]);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Notifications</Trans>
      </h1>
      <PagedList
        query={query}
        count={notifications.length}
        loading={t`Loading notifications...`}
        empty={
          <p>
            <Trans>
              No notifications yet. Requests, acceptances, comments on your notes and mentions of
              you show up here.
            </Trans>
          </p>
        }
      >
        <ul
          aria-label={t`Notifications`}
          className="flex flex-col divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface"
        >
          {notifications.map((n) => (
            <NotificationLine key={n.id} notification={n} viewerId={viewer?.id ?? null} />
          ))}
        </ul>
      </PagedList>
    </div>
  );
}

function NotificationLine({
  notification: n,
  viewerId,
}: {
  notification: Notification;
  viewerId: number | null;
}) {
  return (
    <li className={`flex items-baseline gap-3 px-4 py-3 ${n.isRead ? '' : 'bg-page'}`}>
      {n.isRead ? (
        <span aria-hidden="true" className="w-10 shrink-0" />
      ) : (
        <span className="w-10 shrink-0 text-xs font-semibold text-accent">
          <Trans>New</Trans>
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {/* The sentence in the language spoken, with the name isolated in it (<bdi>): the name's
            own direction decides neither the sentence's nor the order of its words. */}
        <Link {...notificationTarget(n)} className="text-ink">
          <SentenceWithName {...notificationSentence(n, viewerId)} />
        </Link>
        {n.ruminationId === null ? null : <NoteFirstLine ruminationId={n.ruminationId} />}
      </div>
      <time
        dateTime={n.createTMS}
        title={absoluteTime(n.createTMS)}
        className="shrink-0 text-sm text-ink-muted"
      >
        {relativeTime(n.createTMS)}
      </time>
    </li>
  );
}

function SentenceWithName({ before, name, after }: NotificationSentence) {
  return (
    <>
      {before}
      {name === '' ? null : <bdi>{name}</bdi>}
      {after}
    </>
  );
}

/**
 * Which note a notification is about: its first line, fetched with the note's own query (GET
 * /api/ruminations/{id}, so the reader sees only what they may read: a note hidden or gone shows
 * nothing). Only the lines on screen ask, and the query cache asks once per note however many
 * notifications name it.
 */
function NoteFirstLine({ ruminationId }: { ruminationId: number }) {
  const { data: line } = useQuery({
    ...ruminationQueries.one(ruminationId),
    select: (rumination) => firstLineOf(rumination.content),
  });
  if (!line) return null;
  return (
    <p dir="auto" className="truncate text-sm text-ink-muted">
      {line}
    </p>
  );
}
