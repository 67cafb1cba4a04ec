import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { formatTermsDate } from './format-date';
import { LazyTermsMarkdown } from './lazy-terms-markdown';
import { termsQueries } from './terms-queries';
import { TERMS_V1_MARKDOWN, TERMS_V1_VERSION } from '../../domain/terms-v1';

/**
 * /terms-of-service (spec section 2). Shows the current version from the server, so that the
 * updated-terms modal's Review Terms link shows what the user is asked to accept; the text shipped
 * with the app (version 1.0, the same the server seeds) stands in when the server cannot answer.
 */
export function TermsOfServicePage() {
  const { t } = useLingui();
  const current = useQuery({ ...termsQueries.current(), retry: false });

  if (current.isPending) {
    return (
      <p role="status" className="mt-10 text-center text-ink-muted">
        <Trans>Loading Terms of Service...</Trans>
      </p>
    );
  }

  const terms = current.data ?? { version: TERMS_V1_VERSION, content: TERMS_V1_MARKDOWN };
  const termsVersion = terms.version;
  const date = current.data ? formatTermsDate(current.data.createdAt) : null;
  return (
    <article className="card" aria-label={t`Terms of Service`}>
      <p className="mb-4 text-sm text-ink-muted">
        {date === null
          ? t`Version ${termsVersion}`
          : t`Version ${termsVersion} · Last updated ${date}`}
      </p>
      <LazyTermsMarkdown content={terms.content} />
    </article>
  );
}
