import { describe, expect, test } from 'vitest';
import { within } from '@testing-library/react';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';
import { relate } from '../../support/store-people';

const log = logRequests();
const FAMILY = 1;

/**
 * A profile opens on what the viewer may read (issue 39: a family member's profile opened on
 * Public, "has no public ruminations yet", though its Family notes were theirs to read).
 */
function amiraWritesForFamily() {
  const amira = createUser({ username: 'amira', displayName: 'أميرة حسن' });
  const son = createUser({ username: 'karim' });
  const stranger = createUser({ username: 'stan' });
  createRumination({ authorId: amira.user.id, content: 'For my family', audiences: [FAMILY] });
  relate(amira, son, FAMILY);
  return { amira, son, stranger };
}

/** The profile's own Public / All Visible links (the nav bar has a Public of its own). */
async function tab(app: Awaited<ReturnType<typeof renderApp>>, name: 'Public' | 'All Visible') {
  const tabs = await app.findByRole('navigation', { name: 'Public or all visible' });
  return within(tabs).getByRole('link', { name });
}

function listAsked() {
  return log.to('/api/ruminations/public').map((r) => r.url.searchParams.get('isPublic'));
}

describe('the tab a profile opens on', () => {
  test('for family: All Visible, with the notes written for them', async () => {
    const { amira, son } = amiraWritesForFamily();
    const app = await renderApp(`/user/${amira.user.id}`, { token: son.token });
    expect(await app.findByText('For my family')).toBeInTheDocument();
    expect(await tab(app, 'All Visible')).toHaveAttribute('aria-current', 'page');
    expect(app.queryByText(/has no public ruminations yet/)).not.toBeInTheDocument();
    expect(listAsked()).toEqual(['false']);
  });

  test('for their own profile: All Visible', async () => {
    const { amira } = amiraWritesForFamily();
    const app = await renderApp(`/user/${amira.user.id}`, { token: amira.token });
    expect(await app.findByText('For my family')).toBeInTheDocument();
    expect(await tab(app, 'All Visible')).toHaveAttribute('aria-current', 'page');
    // Nobody to be related to: the relations with the profile's person are not asked for (the
    // nav's People link asks for all of the viewer's, for its count, once its code has loaded).
    expect(log.to('/api/UserRelations').filter((r) => r.url.searchParams.has('UserId'))).toEqual(
      [],
    );
  });

  test('for a stranger: Public, and the family notes stay out of sight', async () => {
    const { amira, stranger } = amiraWritesForFamily();
    const app = await renderApp(`/user/${amira.user.id}`, { token: stranger.token });
    expect(
      await app.findByText(/has no public ruminations yet\. Try All Visible/),
    ).toBeInTheDocument();
    expect(await tab(app, 'Public')).toHaveAttribute('aria-current', 'page');
    expect(app.queryByText('For my family')).not.toBeInTheDocument();
    expect(listAsked()).toEqual(['true']);
  });

  test('for a request not yet accepted: Public', async () => {
    const amira = createUser({ username: 'amira' });
    const asker = createUser({ username: 'asker' });
    relate(asker, amira, FAMILY, 'pending');
    const app = await renderApp(`/user/${amira.user.id}`, { token: asker.token });
    expect(await tab(app, 'Public')).toHaveAttribute('aria-current', 'page');
    expect(listAsked()).toEqual(['true']);
  });

  test('for a visitor: Public, without asking about relations', async () => {
    const { amira } = amiraWritesForFamily();
    const app = await renderApp(`/user/${amira.user.id}`);
    expect(await app.findByText(/has no public ruminations yet\.$/)).toBeInTheDocument();
    expect(log.to('/api/UserRelations')).toEqual([]);
    expect(listAsked()).toEqual(['true']);
  });

  test('a tab the address names wins, and Public says so in the address', async () => {
    const { amira, son } = amiraWritesForFamily();
    const app = await renderApp(`/user/${amira.user.id}?view=public`, { token: son.token });
    expect(await tab(app, 'Public')).toHaveAttribute('aria-current', 'page');
    expect(app.queryByText('For my family')).not.toBeInTheDocument();

    await app.user.click(await tab(app, 'All Visible'));
    expect(await app.findByText('For my family')).toBeInTheDocument();
    await app.user.click(await tab(app, 'Public'));
    expect(await app.findByText(/has no public ruminations yet/)).toBeInTheDocument();
    expect(app.router.state.location.search).toEqual({ view: 'public' });
    expect(listAsked()).toEqual(['true', 'false']);
  });

  test("the name in the empty list's sentence is isolated from the English around it", async () => {
    const { amira, stranger } = amiraWritesForFamily();
    const app = await renderApp(`/user/${amira.user.id}`, { token: stranger.token });
    const sentence = await app.findByText(/has no public ruminations yet/);
    expect(sentence.querySelector('bdi')).toHaveTextContent('أميرة حسن');
  });
});
