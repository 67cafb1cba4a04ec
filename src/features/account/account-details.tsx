import type { Account } from '../../api/account-schemas';
import { RetryBox } from '../../components/ui/load-error';
import { errorMessage } from '../../lib/error-message';
import { useAccount } from './account-queries';

const memberSinceFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** "Member since November 22, 2026"; the raw value if it does not parse. */
export function memberSince(account: Pick<Account, 'createTMS'>): string {
  const date = new Date(account.createTMS);
  const shown = Number.isNaN(date.getTime()) ? account.createTMS : memberSinceFormat.format(date);
  return `Member since ${shown}`;
}

/** Who is signed in: username, email and since when. */
export function AccountDetails() {
  const account = useAccount();
  if (account.isPending) return <p className="text-sm text-ink-muted">Loading your account...</p>;
  if (account.isError) {
    return (
      <RetryBox
        message={errorMessage(account.error, 'Failed to fetch your account')}
        onRetry={() => void account.refetch()}
      />
    );
  }
  const { username, email } = account.data;
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">Username</dt>
        <dd className="break-all">{username}</dd>
        <dt className="font-medium">Email</dt>
        <dd className="break-all">{email}</dd>
      </dl>
      <p className="text-sm text-ink-muted">{memberSince(account.data)}</p>
    </div>
  );
}
