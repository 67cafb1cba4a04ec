import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { tokenSearch } from '../features/auth/token-search';
import { UnsubscribePage } from '../features/push/unsubscribe-page';

/** The email digests' unsubscribe link: open to everyone, signed in or not. */
export const Route = createFileRoute('/unsubscribe')({
  staticData: { title: msg`Email digests` },
  validateSearch: tokenSearch,
  component: function UnsubscribeRoute() {
    const { token } = Route.useSearch();
    return <UnsubscribePage key={token ?? ''} token={token} />;
  },
});
