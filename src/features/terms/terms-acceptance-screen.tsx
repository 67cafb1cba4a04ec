import { Trans, useLingui } from '@lingui/react/macro';
import * as Checkbox from '@radix-ui/react-checkbox';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { formatTermsDate } from './format-date';
import { LazyTermsMarkdown } from './lazy-terms-markdown';
import { termsQueries } from './terms-queries';
import { useAcceptTerms } from './use-accept-terms';

/** Why the alert shows: the box left unchecked, or the acceptance failed. */
type AlertKind = 'unchecked' | 'failed';

/** The forced acceptance screen (spec sections 2, 4, 5 and 8). */
export function TermsAcceptanceScreen() {
  const { t } = useLingui();
  const { data: terms, isPending, isError } = useQuery(termsQueries.current());
  const { latestTosVersion, logout } = useAuth();
  const accept = useAcceptTerms();
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  const [alertKind, setAlertKind] = useState<AlertKind | null>(null);
  const checkboxId = useId();

  if (isPending) {
    return (
      <p role="status" className="mt-10 text-center text-ink-muted">
        <Trans>Loading Terms of Service...</Trans>
      </p>
    );
  }

  if (isError) {
    return (
      <section className="card mx-auto mt-6 max-w-lg text-center" aria-labelledby="terms-error">
        <h1 id="terms-error" className="mb-2 text-2xl font-semibold">
          <Trans>Error</Trans>
        </h1>
        <p className="mb-4">
          <Trans>Failed to load Terms of Service. Please try again later.</Trans>
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
          <Trans>Logout</Trans>
        </button>
      </section>
    );
  }

  const onAccept = () => {
    if (!checked) {
      setAlertKind('unchecked');
      return;
    }
    // Spec section 5: the user's latest version, else the loaded one; neither known: send nothing.
    const version = latestTosVersion ?? terms.version;
    if (!version) return;
    setAlertKind(null);
    accept.mutate(version, {
      onSuccess: () => void navigate({ to: '/my-ruminations' }),
      onError: (error) => {
        console.error('Failed to accept Terms of Service', error);
        setAlertKind('failed');
      },
    });
  };

  const termsVersion = terms.version;
  const date = formatTermsDate(terms.createdAt);
  return (
    <section className="card mx-auto max-w-2xl" aria-labelledby="terms-update-title">
      <h1 id="terms-update-title" className="text-2xl font-semibold">
        <Trans>Terms of Service Update Required</Trans>
      </h1>
      <p className="mt-1 text-sm text-ink-muted">
        <Trans>
          Version {termsVersion} · Last updated {date}
        </Trans>
      </p>
      <div
        className="my-4 max-h-96 overflow-y-auto rounded-md border border-line bg-page p-4"
        tabIndex={0}
        role="region"
        aria-label={t`Terms of Service text`}
      >
        <LazyTermsMarkdown content={terms.content} />
      </div>
      <div className="flex items-start gap-3">
        <Checkbox.Root
          id={checkboxId}
          checked={checked}
          onCheckedChange={(value) => {
            setChecked(value === true);
            if (value === true) setAlertKind(null);
          }}
          className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded border border-ink-muted bg-surface data-[state=checked]:border-accent data-[state=checked]:bg-accent"
        >
          <Checkbox.Indicator className="text-accent-ink">
            <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden="true">
              <path d="M3 8.5 6.5 12 13 4.5" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </Checkbox.Indicator>
        </Checkbox.Root>
        <label htmlFor={checkboxId} className="text-sm leading-relaxed">
          <Trans>
            I have read, understood, and agree to be bound by these Terms of Service (Version{' '}
            {termsVersion}).
          </Trans>
        </label>
      </div>
      {alertKind && (
        <div role="alert" className="error-box mt-4">
          {alertKind === 'unchecked'
            ? t`Please check the acceptance checkbox before proceeding.`
            : t`Failed to accept Terms of Service. Please try again.`}
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-primary"
          onClick={onAccept}
          disabled={accept.isPending}
        >
          {accept.isPending ? t`Accepting...` : t`Accept and Continue`}
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void logout()}>
          <Trans>Decline and Logout</Trans>
        </button>
      </div>
      <p className="mt-4 text-sm text-ink-muted">
        <Trans>
          Declining will log you out. You cannot use the service without accepting the current Terms
          of Service.
        </Trans>
      </p>
    </section>
  );
}
