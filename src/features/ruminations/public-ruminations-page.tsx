import { Trans, useLingui } from '@lingui/react/macro';
import { isRefreshingSavedCopy, WithRefreshingMark } from '../../components/ui/refreshing-mark';
import { useLastScreenSaver } from '../offline/last-screen';
import { useAuth } from '../auth/auth-context';
import { usePublicRuminations } from './rumination-queries';
import { RuminationList } from './rumination-list';
import { Link } from '@tanstack/react-router';
import { PublicRuminationsFrame } from './public-ruminations-frame';
import { clearTagClass, TagFilterHeading } from './tag-filter-heading';

/**
 * Public Ruminations: everyone's public ruminations, no sign-in needed (spec section 2); with
 * `tag`, only those that carry it.
 */
export function PublicRuminationsPage({ tag }: { tag?: string | undefined }) {
  const { t } = useLingui();
  const query = usePublicRuminations(tag);
  // What this list shows now is what the next visit paints first.
  useLastScreenSaver(query);
  const { isAuthenticated } = useAuth();
  return (
    <PublicRuminationsFrame>
      {tag === undefined ? null : (
        <TagFilterHeading
          tag={tag}
          clear={
            <Link to="/public" className={clearTagClass}>
              <Trans>Show all public ruminations</Trans>
            </Link>
          }
        />
      )}
      <WithRefreshingMark refreshing={isRefreshingSavedCopy(query)}>
        <RuminationList
          query={query}
          label={t`Public ruminations`}
          empty={
            tag !== undefined ? (
              <p>
                <Trans>
                  No public rumination is tagged <bdi>#{tag}</bdi>.
                </Trans>
              </p>
            ) : (
              <p>
                {isAuthenticated ? (
                  <Trans>
                    No public ruminations yet. Use New Rumination and Publish it without an audience
                    to share the first one with everyone.
                  </Trans>
                ) : (
                  <Trans>No public ruminations yet. Sign in to write the first one.</Trans>
                )}
              </p>
            )
          }
        />
      </WithRefreshingMark>
    </PublicRuminationsFrame>
  );
}
