import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { createUser, publishTermsVersion } from '../../../mocks/store/factories';
import { getDb } from '../../../mocks/store/db';
import { hasAcceptedCurrentTerms } from '../../../mocks/store/lookups';
import { getToken } from '../../../src/lib/token-storage';
import { queriesWithData, renderApp } from '../../support/render-app';

const CHECKBOX = /I have read, understood, and agree to be bound by these Terms of Service/;

/** A user who accepted 1.0, with 1.1 now current: the situation the screen exists for. */
function userFacingNewTerms(content = '# Terms 1.1\n\n## Changes\n\nWe changed things.') {
  const { user, token } = createUser({ username: 'alice' });
  publishTermsVersion('1.1', content);
  return { user, token };
}

function acceptBodies(): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.url.endsWith('/api/TermsOfService/accept')) {
      bodies.push(await request.clone().json());
    }
  });
  return bodies;
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

describe('forced terms acceptance screen', () => {
  test('says it is loading until the terms arrive', async () => {
    const { token } = userFacingNewTerms();
    let release: () => void = () => {};
    server.use(
      http.get('*/api/TermsOfService/current', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({
          version: '1.1',
          content: '# T',
          createdAt: '2026-11-01T00:00:00.000Z',
        });
      }),
    );
    const app = await renderApp('/terms-acceptance', { token, requiresTosAcceptance: true });
    expect(app.getByText('Loading Terms of Service...')).toBeInTheDocument();
    release();
    expect(
      await app.findByRole('heading', { name: 'Terms of Service Update Required' }),
    ).toBeInTheDocument();
  });

  test('shows the error screen with Logout when the terms cannot be loaded', async () => {
    const { token } = userFacingNewTerms();
    server.use(
      http.get('*/api/TermsOfService/current', () =>
        HttpResponse.json({ title: 'Boom', status: 500, type: 'about:blank' }, { status: 500 }),
      ),
    );
    const app = await renderApp('/terms-acceptance', { token, requiresTosAcceptance: true });
    expect(await app.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(
      app.getByText('Failed to load Terms of Service. Please try again later.'),
    ).toBeInTheDocument();

    await app.user.click(app.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
  });

  test('shows title, version, date, the Markdown text and an unticked checkbox', async () => {
    const { token } = userFacingNewTerms();
    const app = await renderApp('/terms-acceptance', {
      token,
      requiresTosAcceptance: true,
      latestTosVersion: '1.1',
    });
    expect(
      await app.findByRole('heading', { name: 'Terms of Service Update Required' }),
    ).toBeInTheDocument();
    expect(app.getByText(/^Version 1\.1 · Last updated \w+ \d{1,2}, \d{4}$/)).toBeInTheDocument();
    expect(await app.findByRole('heading', { name: 'Changes' })).toBeInTheDocument();
    const checkbox = app.getByRole('checkbox', { name: CHECKBOX });
    expect(checkbox).not.toBeChecked();
    expect(checkbox).toHaveAccessibleName(
      'I have read, understood, and agree to be bound by these Terms of Service (Version 1.1).',
    );
    expect(app.getByRole('region', { name: 'Terms of Service text' })).toHaveClass(
      'max-h-96',
      'overflow-y-auto',
    );
  });

  test('asks for the checkbox and sends nothing while it is unticked', async () => {
    const { token } = userFacingNewTerms();
    const bodies = acceptBodies();
    const app = await renderApp('/terms-acceptance', { token, requiresTosAcceptance: true });
    await app.user.click(await app.findByRole('button', { name: 'Accept and Continue' }));
    expect(app.getByRole('alert')).toHaveTextContent(
      'Please check the acceptance checkbox before proceeding.',
    );
    expect(bodies).toEqual([]);
  });

  test("accepts the user's latest version, shows Accepting..., then opens My Ruminations", async () => {
    const { user, token } = userFacingNewTerms();
    const bodies = acceptBodies();
    let release: () => void = () => {};
    // Holds the call open (then falls through to the mock backend) to see the pending state.
    server.use(
      http.post('*/api/TermsOfService/accept', async () => {
        await new Promise<void>((resolve) => (release = resolve));
      }),
    );
    const app = await renderApp('/terms-acceptance', {
      token,
      requiresTosAcceptance: true,
      latestTosVersion: '1.1',
    });
    await app.user.click(await app.findByRole('checkbox', { name: CHECKBOX }));
    await app.user.click(app.getByRole('button', { name: 'Accept and Continue' }));
    expect(await app.findByRole('button', { name: 'Accepting...' })).toBeDisabled();
    release();

    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/my-ruminations'));
    expect(bodies).toEqual([{ version: '1.1' }]);
    expect(hasAcceptedCurrentTerms(user.id)).toBe(true);
    expect(app.auth.requiresTosAcceptance).toBe(false);
  });

  test('sends the version of the loaded terms when the login gave none', async () => {
    const { token } = userFacingNewTerms();
    const bodies = acceptBodies();
    const app = await renderApp('/terms-acceptance', {
      token,
      requiresTosAcceptance: true,
      latestTosVersion: null,
    });
    await app.user.click(await app.findByRole('checkbox', { name: CHECKBOX }));
    await app.user.click(app.getByRole('button', { name: 'Accept and Continue' }));
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/my-ruminations'));
    expect(bodies).toEqual([{ version: '1.1' }]);
  });

  test('prefers the login version over the loaded one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { token } = userFacingNewTerms();
    const bodies = acceptBodies();
    const app = await renderApp('/terms-acceptance', {
      token,
      requiresTosAcceptance: true,
      latestTosVersion: '1.0',
    });
    await app.user.click(await app.findByRole('checkbox', { name: CHECKBOX }));
    await app.user.click(app.getByRole('button', { name: 'Accept and Continue' }));
    // 1.0 is no longer current: the server refuses, and the screen says so.
    expect(await app.findByRole('alert')).toHaveTextContent(
      'Failed to accept Terms of Service. Please try again.',
    );
    expect(bodies).toEqual([{ version: '1.0' }]);
  });

  test('alerts and logs when accepting fails, and stays on the screen', async () => {
    const { token } = userFacingNewTerms();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/api/TermsOfService/accept', () => HttpResponse.error()));
    const app = await renderApp('/terms-acceptance', { token, requiresTosAcceptance: true });
    await app.user.click(await app.findByRole('checkbox', { name: CHECKBOX }));
    await app.user.click(app.getByRole('button', { name: 'Accept and Continue' }));

    expect(await app.findByRole('alert')).toHaveTextContent(
      'Failed to accept Terms of Service. Please try again.',
    );
    expect(logged).toHaveBeenCalled();
    expect(app.router.state.location.pathname).toBe('/terms-acceptance');
    expect(app.getByRole('button', { name: 'Accept and Continue' })).toBeEnabled();
  });

  test('Decline and Logout signs out and shows /login', async () => {
    const { token } = userFacingNewTerms();
    const app = await renderApp('/terms-acceptance', { token, requiresTosAcceptance: true });
    await app.user.click(await app.findByRole('button', { name: 'Decline and Logout' }));
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    await vi.waitFor(() => expect(queriesWithData(app)).toEqual([]));
    expect(getDb().acceptances.filter((a) => a.version === '1.1')).toEqual([]);
  });

  test('renders only safe link protocols from the Markdown', async () => {
    const { token } = userFacingNewTerms(
      '# T\n\n[mail](mailto:help@example.com) [web](https://example.com) [bad](javascript:alert(1))',
    );
    const app = await renderApp('/terms-acceptance', { token, requiresTosAcceptance: true });
    expect(await app.findByRole('link', { name: 'mail' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    expect(app.getByRole('link', { name: 'web' })).toHaveAttribute('href', 'https://example.com');
    expect(app.getByText('bad').getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });
});
