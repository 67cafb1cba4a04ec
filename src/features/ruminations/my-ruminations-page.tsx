import { isRefreshingSavedCopy, WithRefreshingMark } from '../../components/ui/refreshing-mark';
import { useLastScreenSaver } from '../offline/last-screen';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { isSearch, MyRuminationsSearchBox, MySearchResults } from './my-ruminations-search';
import { useMyRuminations } from './rumination-queries';
import { RuminationList } from './rumination-list';
import { MyRuminationsFrame } from './my-ruminations-frame';
import { PendingRuminationCard, usePendingNewRuminations } from './pending-ruminations';

/** How long typing must pause before a search goes out. */
const SEARCH_DELAY_MS = 250;

interface MyRuminationsPageProps {
  isPublic: boolean;
  /** The search box's text as the address holds it (?q=). */
  text: string;
  onTextChange: (text: string) => void;
}

/**
 * My Ruminations: the user's own, published or drafts (spec section 2), searchable: while the
 * box holds words, the matching ones of the view shown replace the list.
 */
export function MyRuminationsPage({ isPublic, text, onTextChange }: MyRuminationsPageProps) {
  const settled = useDebouncedValue(text, SEARCH_DELAY_MS);
  return (
    <MyRuminationsFrame
      isPublic={isPublic}
      search={<MyRuminationsSearchBox text={text} onTextChange={onTextChange} />}
    >
      {isSearch(settled) ? (
        <MySearchResults isPublic={isPublic} query={settled} onClear={() => onTextChange('')} />
      ) : (
        <MyRuminationsList isPublic={isPublic} />
      )}
    </MyRuminationsFrame>
  );
}

function MyRuminationsList({ isPublic }: { isPublic: boolean }) {
  const query = useMyRuminations({ isPublic });
  // What this list shows now is what the next visit paints first.
  useLastScreenSaver(query);
  const pending = usePendingNewRuminations(isPublic);
  return (
    <WithRefreshingMark refreshing={isRefreshingSavedCopy(query)}>
      <RuminationList
        query={query}
        label={isPublic ? 'Published ruminations' : 'Drafts'}
        pending={pending.map((write) => (
          <li key={`pending-${write.id}`}>
            <PendingRuminationCard write={write} />
          </li>
        ))}
        empty={
          isPublic ? (
            <p>
              You have not published anything yet. Use New Rumination to write one, then Publish it.
            </p>
          ) : (
            <p>You have no drafts. Use New Rumination and Save Draft to keep one for later.</p>
          )
        }
      />
    </WithRefreshingMark>
  );
}
