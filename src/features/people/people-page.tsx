import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { CopyProfileLink } from './copy-profile-link';
import { useAllMyRelations } from './people-queries';
import { PeopleRelations } from './people-relations';
import { PeopleSearch } from './people-search';

/** How long typing must pause before a search goes out. */
const SEARCH_DELAY_MS = 250;

interface PeoplePageProps {
  /** The search as the address holds it (?q=), so back and reload keep it. */
  text: string;
  onTextChange: (text: string) => void;
}

/**
 * People (/people): find someone by name and ask to be related, answer requests, see who is
 * waiting and who your people are.
 */
export function PeoplePage({ text, onTextChange }: PeoplePageProps) {
  const viewer = useCurrentUser();
  const relations = useAllMyRelations();
  const query = useDebouncedValue(text, SEARCH_DELAY_MS);

  useEffect(() => {
    if (relations.error) console.error(relations.error);
  }, [relations.error]);

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">
          <Trans>People</Trans>
        </h1>
        {viewer ? <CopyProfileLink userId={viewer.id} /> : null}
      </div>
      {viewer === null || relations.isPending ? (
        <p className="text-sm text-ink-muted">
          <Trans>Loading your people...</Trans>
        </p>
      ) : relations.isError ? (
        <p className="text-sm text-ink-muted">
          <Trans>
            Your relations could not be loaded.{' '}
            <button type="button" className="text-link" onClick={() => void relations.refetch()}>
              Try again
            </button>
          </Trans>
        </p>
      ) : (
        <>
          <PeopleSearch
            text={text}
            onTextChange={onTextChange}
            query={query}
            viewerId={viewer.id}
            relations={relations.data}
          />
          <PeopleRelations relations={relations.data} viewerId={viewer.id} />
        </>
      )}
    </div>
  );
}
