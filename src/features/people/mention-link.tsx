import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { UserRef } from '../../api/common';
import { peopleQueries } from './people-queries';

/**
 * An `@mention` in a note: a link to the person's profile (/user/{id}). The API names people in a
 * note by username only (the rumination's shape has no room for ids), so the id is found through
 * the people search (GET /api/users/search: the exact username comes first) when the reader
 * points at, focuses or opens the link, never for every mention on a page (that call is rate
 * limited). Until then the link leads to People, searching for that name.
 */
export default function MentionLink({ username, text }: { username: string; text: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const options = peopleQueries.search(username);
  const { data } = useQuery({ ...options, enabled: false });
  const person = exactMatch(data, username);
  const prefetch = () => void queryClient.prefetchQuery(options);
  const open = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    try {
      const found = exactMatch(await queryClient.fetchQuery(options), username);
      if (found) {
        await navigate({ to: '/user/$userId', params: { userId: String(found.id) } });
        return;
      }
    } catch {
      // No answer (offline, rate limited): People's search says what it can.
    }
    await navigate({ to: '/people', search: { q: username } });
  };
  return (
    <a
      href={person ? `/user/${person.id}` : `/people?q=${encodeURIComponent(username)}`}
      className="font-medium"
      onMouseEnter={prefetch}
      onFocus={prefetch}
      onClick={(event) => void open(event)}
    >
      {text}
    </a>
  );
}

function exactMatch(people: UserRef[] | undefined, username: string): UserRef | undefined {
  const wanted = username.toLowerCase();
  return people?.find((p) => p.username.toLowerCase() === wanted);
}
