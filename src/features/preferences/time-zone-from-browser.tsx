import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ruminationKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-context';
import { userIdOfToken } from '../offline/offline-user';
import { updatePreferences } from './preferences-api';
import { preferencesQueries } from './preferences-queries';

/**
 * The time zone set from the browser, once (api-contract.md "Memories"): a person's days (on this
 * day, the calendar, reminders) are days in their preference's zone, "UTC" until set. When it still
 * says "UTC" and this browser lives elsewhere, the browser's zone is saved, quietly; a device does
 * this once per account (a flag in localStorage), so a zone the person chose later in Settings is
 * never overwritten, and a browser whose zone is UTC asks nothing at all. Default export: loaded
 * lazily by the signed-in navigation, which is rendered exactly while someone is signed in.
 */

const FLAG_PREFIX = 'ruminations-time-zone-set:';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function flagOf(userId: number): string {
  return `${FLAG_PREFIX}${userId}`;
}

function alreadyDone(userId: number): boolean {
  try {
    return localStorage.getItem(flagOf(userId)) !== null;
  } catch {
    // No storage (a private window's quota): then never, rather than on every visit.
    return true;
  }
}

function markDone(userId: number): void {
  try {
    localStorage.setItem(flagOf(userId), '1');
  } catch {
    // Nothing kept: the next visit checks again, which is harmless.
  }
}

export default function TimeZoneFromBrowser() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const userId = userIdOfToken(token);

  useEffect(() => {
    if (userId === null || alreadyDone(userId)) return;
    const zone = browserTimeZone();
    if (zone === 'UTC' || zone === 'Etc/UTC') return;
    let cancelled = false;
    void (async () => {
      try {
        const stored = await queryClient.fetchQuery({
          ...preferencesQueries.mine(),
          staleTime: 0,
        });
        if (cancelled) return;
        if (stored.timeZone === 'UTC') {
          const saved = await updatePreferences({ timeZone: zone });
          queryClient.setQueryData(preferencesQueries.mine().queryKey, saved);
          // Every day shown so far was a day in UTC.
          void queryClient.invalidateQueries({ queryKey: ruminationKeys.all });
        }
        markDone(userId);
      } catch {
        // Offline or refused: tried again on the next visit.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, queryClient]);

  return null;
}
