import { describe, expect, test } from 'vitest';
import { createUser, publishTermsVersion } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';

describe('route guards and redirects', () => {
  test('/ redirects to /public', async () => {
    const app = await renderApp('/');
    expect(app.router.state.location.pathname).toBe('/public');
  });

  test.each(['/my-ruminations', '/my-feed', '/terms-acceptance'])(
    'a signed-out visitor of %s is sent to /login',
    async (path) => {
      const app = await renderApp(path);
      expect(app.router.state.location.pathname).toBe('/login');
      expect(app.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    },
  );

  test.each(['/my-ruminations', '/my-feed'])(
    'a user who must accept the terms is sent from %s to /terms-acceptance',
    async (path) => {
      const { token } = createUser({ username: 'alice', acceptedCurrentTerms: false });
      const app = await renderApp(path, {
        token,
        requiresTosAcceptance: true,
        latestTosVersion: '1.0',
      });
      expect(app.router.state.location.pathname).toBe('/terms-acceptance');
    },
  );

  test.each(['/my-ruminations', '/my-feed'])(
    'a signed-in user who accepted the terms stays on %s',
    async (path) => {
      const { token } = createUser({ username: 'alice' });
      const app = await renderApp(path, { token });
      expect(app.router.state.location.pathname).toBe(path);
    },
  );

  test('public pages stay open to signed-out visitors', async () => {
    for (const path of ['/public', '/terms-of-service', '/forgot-password', '/activate']) {
      const app = await renderApp(path);
      expect(app.router.state.location.pathname).toBe(path);
      app.unmount();
    }
  });

  test('a signed-in user with pending terms who opens /login ends on the acceptance screen', async () => {
    const { token } = createUser({ username: 'alice', acceptedCurrentTerms: false });
    publishTermsVersion('1.1');
    const app = await renderApp('/login', { token, requiresTosAcceptance: true });
    // /login sends signed-in users on; the terms guard then stops them at the acceptance screen.
    expect(app.router.state.location.pathname).toBe('/terms-acceptance');
  });
});
