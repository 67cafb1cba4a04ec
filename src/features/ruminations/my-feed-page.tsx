import { isRefreshingSavedCopy, WithRefreshingMark } from '../../components/ui/refreshing-mark';
import { useLastScreenSaver } from '../offline/last-screen';
import { useFeed } from './rumination-queries';
import { RuminationList } from './rumination-list';
import { MyFeedFrame } from './my-feed-frame';

/** My Feed: what people with an accepted relation share with the user (spec section 2). */
export function MyFeedPage() {
  const query = useFeed({});
  // What this list shows now is what the next visit paints first.
  useLastScreenSaver(query);
  return (
    <MyFeedFrame>
      <WithRefreshingMark refreshing={isRefreshingSavedCopy(query)}>
        <RuminationList
          query={query}
          label="Feed"
          empty={
            <p>
              Your feed is empty. Open someone&apos;s profile and request a relation; once they
              accept, what they share with you appears here.
            </p>
          }
        />
      </WithRefreshingMark>
    </MyFeedFrame>
  );
}
