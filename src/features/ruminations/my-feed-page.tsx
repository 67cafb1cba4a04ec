import { Trans, useLingui } from '@lingui/react/macro';
import { isRefreshingSavedCopy, WithRefreshingMark } from '../../components/ui/refreshing-mark';
import { useLastScreenSaver } from '../offline/last-screen';
import { useFeed } from './rumination-queries';
import { RuminationList } from './rumination-list';
import { Link } from '@tanstack/react-router';
import { MyFeedFrame } from './my-feed-frame';
import { clearTagClass, TagFilterHeading } from './tag-filter-heading';

/**
 * My Feed: what people with an accepted relation share with the user (spec section 2); with
 * `tag`, only what carries it.
 */
export function MyFeedPage({ tag }: { tag?: string | undefined }) {
  const { t } = useLingui();
  const query = useFeed(tag === undefined ? {} : { tag });
  // What this list shows now is what the next visit paints first.
  useLastScreenSaver(query);
  return (
    <MyFeedFrame>
      {tag === undefined ? null : (
        <TagFilterHeading
          tag={tag}
          clear={
            <Link to="/my-feed" className={clearTagClass}>
              <Trans>Show all of My Feed</Trans>
            </Link>
          }
        />
      )}
      <WithRefreshingMark refreshing={isRefreshingSavedCopy(query)}>
        <RuminationList
          query={query}
          label={t`Feed`}
          empty={
            tag !== undefined ? (
              <p>
                <Trans>
                  Nothing in your feed is tagged <bdi>#{tag}</bdi>.
                </Trans>
              </p>
            ) : (
              <p>
                <Trans>
                  Your feed is empty. Open someone&apos;s profile and request a relation; once they
                  accept, what they share with you appears here.
                </Trans>
              </p>
            )
          }
        />
      </WithRefreshingMark>
    </MyFeedFrame>
  );
}
