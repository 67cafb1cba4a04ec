import { isRefreshingSavedCopy, WithRefreshingMark } from '../../components/ui/refreshing-mark';
import { useLastScreenSaver } from '../offline/last-screen';
import { useAuth } from '../auth/auth-context';
import { usePublicRuminations } from './rumination-queries';
import { RuminationList } from './rumination-list';
import { PublicRuminationsFrame } from './public-ruminations-frame';

/** Public Ruminations: everyone's public ruminations, no sign-in needed (spec section 2). */
export function PublicRuminationsPage() {
  const query = usePublicRuminations();
  // What this list shows now is what the next visit paints first.
  useLastScreenSaver(query);
  const { isAuthenticated } = useAuth();
  return (
    <PublicRuminationsFrame>
      <WithRefreshingMark refreshing={isRefreshingSavedCopy(query)}>
        <RuminationList
          query={query}
          label="Public ruminations"
          empty={
            <p>
              No public ruminations yet.{' '}
              {isAuthenticated
                ? 'Use New Rumination and Publish it without an audience to share the first one with everyone.'
                : 'Sign in to write the first one.'}
            </p>
          }
        />
      </WithRefreshingMark>
    </PublicRuminationsFrame>
  );
}
