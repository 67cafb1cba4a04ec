import { Trans, useLingui } from '@lingui/react/macro';
import { isRefreshingSavedCopy, WithRefreshingMark } from '../../components/ui/refreshing-mark';
import { useLastScreenSaver } from '../offline/last-screen';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { isSearch, MyRuminationsSearchBox, MySearchResults } from './my-ruminations-search';
import { useMyRuminations } from './rumination-queries';
import { RuminationList } from './rumination-list';
import { MyRuminationsFrame } from './my-ruminations-frame';
import { PendingRuminationCard, usePendingNewRuminations } from './pending-ruminations';
import { Link } from '@tanstack/react-router';
import { MyTags } from './my-tags';
import { clearTagClass, TagFilterHeading } from './tag-filter-heading';
import { lazy, Suspense } from 'react';
import { longDate } from './calendar-words';

// On this day: its own small chunk, fetched once the list is on its way.
const OnThisDayCard = lazy(() => import('./on-this-day-card'));

/** How long typing must pause before a search goes out. */
const SEARCH_DELAY_MS = 250;

interface MyRuminationsPageProps {
  isPublic: boolean;
  /** The search box's text as the address holds it (?q=). */
  text: string;
  /** Only the ruminations with this tag (?tag=). */
  tag?: string | undefined;
  /** One day's notes, published and drafts (?date=, the calendar's day). */
  date?: string | undefined;
  onTextChange: (text: string) => void;
  /** A tag chosen among the search box's suggestions. */
  onTagChoose: (tag: string) => void;
}

/**
 * My Ruminations: the user's own, published or drafts (spec section 2), searchable: while the
 * box holds words, the matching ones of the view shown replace the list.
 */
export function MyRuminationsPage({
  isPublic,
  text,
  tag,
  date,
  onTextChange,
  onTagChoose,
}: MyRuminationsPageProps) {
  const settled = useDebouncedValue(text, SEARCH_DELAY_MS);
  if (date !== undefined) return <MyDayPage date={date} />;
  return (
    <MyRuminationsFrame
      isPublic={isPublic}
      search={
        <div className="flex flex-col gap-3">
          <MyRuminationsSearchBox
            text={text}
            onTextChange={onTextChange}
            onTagChoose={onTagChoose}
          />
          <div className="flex flex-wrap items-start justify-between gap-3">
            <MyTags isPublic={isPublic} current={tag} />
            <Link to="/calendar" className="text-sm font-medium">
              <Trans>Calendar</Trans>
            </Link>
          </div>
        </div>
      }
    >
      {tag === undefined && !isSearch(settled) ? (
        <Suspense fallback={null}>
          <OnThisDayCard />
        </Suspense>
      ) : null}
      {tag === undefined ? null : (
        <TagFilterHeading
          tag={tag}
          clear={
            <Link
              to="/my-ruminations"
              search={{
                ...(isPublic ? {} : { view: 'drafts' as const }),
                ...(text === '' ? {} : { q: text }),
              }}
              className={clearTagClass}
            >
              <Trans>Show all my ruminations</Trans>
            </Link>
          }
        />
      )}
      {isSearch(settled) ? (
        <MySearchResults
          isPublic={isPublic}
          query={settled}
          tag={tag}
          onClear={() => onTextChange('')}
        />
      ) : (
        <MyRuminationsList isPublic={isPublic} tag={tag} />
      )}
    </MyRuminationsFrame>
  );
}

/** A calendar day's notes, published and drafts, with the way back to its month. */
function MyDayPage({ date }: { date: string }) {
  const { t } = useLingui();
  const query = useMyRuminations({ date });
  const day = longDate(date);
  return (
    <MyRuminationsFrame isPublic toggle={false}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold">
          <Trans>Notes of {day}</Trans>
        </h2>
        <Link to="/calendar" search={{ month: date.slice(0, 7) }} className="text-sm font-medium">
          <Trans>Back to the calendar</Trans>
        </Link>
      </div>
      <RuminationList
        query={query}
        label={t`Notes of ${day}`}
        empty={
          <p>
            <Trans>You wrote nothing on this day.</Trans>
          </p>
        }
      />
    </MyRuminationsFrame>
  );
}

function MyRuminationsList({ isPublic, tag }: { isPublic: boolean; tag: string | undefined }) {
  const { t } = useLingui();
  const query = useMyRuminations(tag === undefined ? { isPublic } : { isPublic, tag });
  // What this list shows now is what the next visit paints first.
  useLastScreenSaver(query);
  const pending = usePendingNewRuminations(isPublic);
  return (
    <WithRefreshingMark refreshing={isRefreshingSavedCopy(query)}>
      <RuminationList
        query={query}
        label={isPublic ? t`Published ruminations` : t`Drafts`}
        pending={pending.map((write) => (
          <li key={`pending-${write.id}`}>
            <PendingRuminationCard write={write} />
          </li>
        ))}
        empty={
          tag !== undefined ? (
            <p>
              {isPublic ? (
                <Trans>
                  None of your published ruminations is tagged <bdi>#{tag}</bdi>.
                </Trans>
              ) : (
                <Trans>
                  None of your drafts is tagged <bdi>#{tag}</bdi>.
                </Trans>
              )}
            </p>
          ) : isPublic ? (
            <p>
              <Trans>
                You have not published anything yet. Use New Rumination to write one, then Publish
                it.
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>
                You have no drafts. Use New Rumination and Save Draft to keep one for later.
              </Trans>
            </p>
          )
        }
      />
    </WithRefreshingMark>
  );
}
