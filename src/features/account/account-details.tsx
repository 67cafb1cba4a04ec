import { Trans, useLingui } from '@lingui/react/macro';
import type { Account } from '../../api/account-schemas';
import { RetryBox } from '../../components/ui/load-error';
import { errorMessage } from '../../lib/error-message';
import { sayShared, spokenLanguage } from '../../lib/i18n/language';
import { useAccount } from './account-queries';

/** The date of "Member since November 22, 2026" in the language spoken; the raw value if it does not parse. */
export function memberSinceDate(account: Pick<Account, 'createTMS'>): string {
  const date = new Date(account.createTMS);
  return Number.isNaN(date.getTime())
    ? account.createTMS
    : new Intl.DateTimeFormat(spokenLanguage(), { dateStyle: 'long' }).format(date);
}

/** Who is signed in: username, email and since when. */
export function AccountDetails() {
  const { t } = useLingui();
  const account = useAccount();
  if (account.isPending) {
    return (
      <p className="text-sm text-ink-muted">
        <Trans>Loading your account...</Trans>
      </p>
    );
  }
  if (account.isError) {
    return (
      <RetryBox
        message={sayShared(errorMessage(account.error, t`Failed to fetch your account`))}
        onRetry={() => void account.refetch()}
      />
    );
  }
  const { username, email } = account.data;
  const since = memberSinceDate(account.data);
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">
          <Trans>Username</Trans>
        </dt>
        <dd className="break-all">{username}</dd>
        <dt className="font-medium">
          <Trans>Email</Trans>
        </dt>
        <dd className="break-all">{email}</dd>
      </dl>
      <p className="text-sm text-ink-muted">{t`Member since ${since}`}</p>
    </div>
  );
}
