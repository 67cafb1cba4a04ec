import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../auth/auth-context';
import { useCurrentUser } from '../auth/use-current-user';
import { RelationManager } from '../relations/relation-manager';
import { useUserRuminations } from '../ruminations/rumination-queries';
import { RuminationList } from '../ruminations/rumination-list';
import { displayNameOf } from '../../components/ui/person-name';
import { UserAvatar } from '../../components/ui/user-avatar';
import { useProfile } from './profile-queries';

/**
 * A user's profile (spec section 2): avatar, name, rumination count, their ruminations (Public or
 * All Visible to the viewer) and, on someone else's profile, the relation manager.
 */
export function ProfilePage({ userId, isPublic }: { userId: number; isPublic: boolean }) {
  const { t } = useLingui();
  const { data: profile } = useProfile(userId);
  const viewer = useCurrentUser();
  const { isAuthenticated } = useAuth();
  // The count is of public ruminations (the same for every viewer), and says so.
  const count = profile.publicRuminationCount;
  // A visitor sees public ruminations only (api-contract.md): All Visible would show the same.
  const showsPublic = isPublic || !isAuthenticated;
  const name = displayNameOf(profile);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex items-center gap-4">
        <UserAvatar username={profile.username} name={name} />
        <div className="flex min-w-0 flex-col gap-1">
          <h1 dir="auto" className="text-2xl font-bold break-words">
            {name}
          </h1>
          {/* The unique name, to tell apart two people who go by the same one. */}
          <p dir="ltr" className="text-sm text-ink-muted">
            @{profile.username}
          </p>
          <p className="text-sm text-ink-muted">
            {t`${plural(count, { one: '# public rumination', other: '# public ruminations' })}`}
          </p>
        </div>
      </header>

      {profile.bio ? (
        // Line breaks are the writer's own: kept as they typed them.
        <p dir="auto" className="whitespace-pre-line break-words">
          {profile.bio}
        </p>
      ) : null}

      {viewer !== null && viewer.id !== userId ? (
        <RelationManager viewerId={viewer.id} user={profile} />
      ) : null}

      <section aria-labelledby="profile-ruminations" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="profile-ruminations" className="text-lg font-semibold">
            <Trans>Ruminations</Trans>
          </h2>
          {isAuthenticated ? (
            <nav
              aria-label={t`Public or all visible`}
              className="flex gap-1 rounded-lg border border-line bg-page p-1"
            >
              <ToggleLink userId={userId} all={false} current={isPublic}>
                <Trans>Public</Trans>
              </ToggleLink>
              <ToggleLink userId={userId} all current={!isPublic}>
                <Trans>All Visible</Trans>
              </ToggleLink>
            </nav>
          ) : null}
        </div>
        <ProfileRuminations
          userId={userId}
          isPublic={showsPublic}
          name={name}
          signedIn={isAuthenticated}
        />
      </section>
    </div>
  );
}

function ToggleLink({
  userId,
  all,
  current,
  children,
}: {
  userId: number;
  all: boolean;
  current: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to="/user/$userId"
      params={{ userId: String(userId) }}
      // Named either way: without a view, a profile opens on its default tab (profile-view.ts).
      search={{ view: all ? 'all' : 'public' }}
      aria-current={current ? 'page' : undefined}
      className="rounded-md px-3 py-1.5 text-sm font-medium text-ink-muted no-underline hover:text-ink aria-[current=page]:bg-surface aria-[current=page]:text-ink aria-[current=page]:shadow-sm"
    >
      {children}
    </Link>
  );
}

function ProfileRuminations({
  userId,
  isPublic,
  name,
  signedIn,
}: {
  userId: number;
  isPublic: boolean;
  /** Who they are, as the texts about their ruminations name them. */
  name: string;
  signedIn: boolean;
}) {
  const { t } = useLingui();
  const query = useUserRuminations(userId, isPublic);
  return (
    <RuminationList
      query={query}
      label={t`Ruminations by ${name}`}
      empty={
        // The name isolated: an Arabic or Hebrew one does not turn the words around it.
        <p>
          {!isPublic ? (
            <Trans>
              <bdi>{name}</bdi> has shared nothing you can see yet. A relation with them may open
              more.
            </Trans>
          ) : signedIn ? (
            <Trans>
              <bdi>{name}</bdi> has no public ruminations yet. Try All Visible to see what they
              share with you.
            </Trans>
          ) : (
            <Trans>
              <bdi>{name}</bdi> has no public ruminations yet.
            </Trans>
          )}
        </p>
      }
    />
  );
}
