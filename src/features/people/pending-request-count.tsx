import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import { spokenLanguage } from '../../lib/i18n/language';
import { useAuth } from '../auth/auth-context';
import { useCurrentUser } from '../auth/use-current-user';
import { isLiveRelation } from '../relations/available-relation-types';
import { useAllMyRelations } from './people-queries';

/** How many people wait for the viewer's answer (pending requests they received). */
export function usePendingRequestCount(): number {
  const { isAuthenticated } = useAuth();
  const viewer = useCurrentUser();
  const relations = useAllMyRelations(isAuthenticated);
  if (!viewer || !relations.data) return 0;
  return relations.data.filter(
    (r) => isLiveRelation(r) && !r.isAccepted && r.receiver.id === viewer.id,
  ).length;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'> & {
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * "People" in the nav, with the number of requests waiting for an answer in its name. Other props
 * reach the link, so a menu item can render as it (Radix's asChild).
 */
export function PeopleNavLink(props: AnchorProps) {
  const { t } = useLingui();
  const count = usePendingRequestCount();
  const language = spokenLanguage();
  return (
    <Link
      {...props}
      to="/people"
      aria-label={
        count > 0
          ? t`${plural(count, { one: 'People, # request waiting', other: 'People, # requests waiting' })}`
          : undefined
      }
    >
      <Trans>People</Trans>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="ms-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold text-accent-ink"
        >
          {count > 9 ? `${(9).toLocaleString(language)}+` : count.toLocaleString(language)}
        </span>
      ) : null}
    </Link>
  );
}
