import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { createUser, publishTermsVersion } from '../../../mocks/store/factories';
import { hasAcceptedCurrentTerms } from '../../../mocks/store/lookups';
import { renderApp } from '../../support/render-app';

const MODAL_TEXT =
  'Our Terms of Service have been updated (Version 1.1). Please review and accept the new terms to continue using the product.';

function countStatusChecks(): { count: number } {
  const seen = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes('/api/TermsOfService/acceptance-status')) seen.count += 1;
  });
  return seen;
}

/** Signed in with 1.0 accepted; 1.1 published afterwards (the login response did not know). */
function signedInBeforeNewTerms() {
  const { user, token } = createUser({ username: 'alice' });
  publishTermsVersion('1.1');
  return { user, token };
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

describe('updated-terms modal', () => {
  test('opens over the current page when the status requires acceptance', async () => {
    const { token } = signedInBeforeNewTerms();
    const app = await renderApp('/public', { token });
    const dialog = await app.findByRole('dialog', { name: 'Updated Terms of Service' });
    expect(dialog).toHaveTextContent(MODAL_TEXT);
    expect(dialog).toHaveTextContent('Acceptance of the updated terms is required to continue');
    const review = app.getByRole('link', { name: 'Review Terms' });
    expect(review).toHaveAttribute('href', '/terms-of-service');
    expect(review).toHaveAttribute('target', '_blank');
    expect(app.router.state.location.pathname).toBe('/public');
  });

  test('disables New Rumination while acceptance is pending', async () => {
    const { token } = signedInBeforeNewTerms();
    const app = await renderApp('/public', { token });
    await app.findByRole('dialog');
    expect(app.getByRole('button', { name: 'New Rumination', hidden: true })).toBeDisabled();
  });

  test('accepts, shows Accepting..., then closes; the status was checked once', async () => {
    const { user, token } = signedInBeforeNewTerms();
    const checks = countStatusChecks();
    let release: () => void = () => {};
    server.use(
      http.post('*/api/TermsOfService/accept', async () => {
        await new Promise<void>((resolve) => (release = resolve));
      }),
    );
    const app = await renderApp('/public', { token });
    await app.user.click(await app.findByRole('button', { name: 'Accept Terms' }));
    expect(await app.findByRole('button', { name: 'Accepting...' })).toBeDisabled();
    release();

    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    expect(hasAcceptedCurrentTerms(user.id)).toBe(true);
    expect(app.auth.requiresTosAcceptance).toBe(false);
    expect(app.getByRole('button', { name: 'New Rumination' })).toBeEnabled();
    expect(checks.count).toBe(1);
  });

  test('cannot be dismissed with Escape', async () => {
    const { token } = signedInBeforeNewTerms();
    const app = await renderApp('/public', { token });
    await app.findByRole('dialog');
    await app.user.keyboard('{Escape}');
    expect(app.getByRole('dialog')).toBeInTheDocument();
  });

  test('a failed accept is only logged and the modal stays open', async () => {
    const { token } = signedInBeforeNewTerms();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/api/TermsOfService/accept', () => HttpResponse.error()));
    const app = await renderApp('/public', { token });
    await app.user.click(await app.findByRole('button', { name: 'Accept Terms' }));

    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(app.getByRole('dialog')).toBeInTheDocument();
    expect(app.queryByRole('alert')).not.toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Accept Terms' })).toBeEnabled();
  });

  test('a failed status check is only logged, with no modal', async () => {
    const { token } = signedInBeforeNewTerms();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/api/TermsOfService/acceptance-status', () =>
        HttpResponse.json({ title: 'Down', status: 503, type: 'about:blank' }, { status: 503 }),
      ),
    );
    const app = await renderApp('/public', { token });
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(app.queryByRole('dialog')).not.toBeInTheDocument();
    expect(app.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('stays closed for a user who accepted the current terms', async () => {
    const { token } = createUser({ username: 'alice' });
    const checks = countStatusChecks();
    const app = await renderApp('/public', { token });
    await vi.waitFor(() => expect(checks.count).toBe(1));
    expect(app.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('does not check the status for signed-out visitors', async () => {
    const checks = countStatusChecks();
    const app = await renderApp('/public');
    await app.findByRole('link', { name: 'Sign In' });
    expect(checks.count).toBe(0);
    expect(app.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('does not cover the terms page that Review Terms opens', async () => {
    const { token } = signedInBeforeNewTerms();
    const checks = countStatusChecks();
    const app = await renderApp('/terms-of-service', { token });
    await vi.waitFor(() => expect(checks.count).toBe(1));
    // The page's own version line (the terms' text may say "Version 1.1." too).
    expect(await app.findByText(/Version 1\.1 ·/)).toBeInTheDocument();
    expect(app.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
