import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { within } from '@testing-library/react';
import { createUser } from '../../../mocks/store/factories';
import { installMatchMedia } from '../../support/match-media';
import { renderApp } from '../../support/render-app';
import { relate } from '../../support/store-people';

const FRIEND = 2;

describe('People', () => {
  test('bob finds alice by typing, asks to be her Friend, and waits for her', async () => {
    createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    const app = await renderApp('/people', { token: bob.token });

    expect(await app.findByRole('heading', { name: 'Requests for you (0)' })).toBeInTheDocument();
    await app.user.type(app.getByRole('searchbox', { name: 'Find people by name' }), 'ali');
    const results = await app.findByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('link', { name: /alice/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/user\/\d+$/),
    );
    // The search is kept in the address, so back and reload keep it.
    expect(app.router.state.location.search).toEqual({ q: 'ali' });

    await app.user.selectOptions(
      within(results).getByRole('combobox', { name: 'Relation type for alice' }),
      'Friend',
    );
    await app.user.click(
      within(results).getByRole('button', { name: 'Request relation with alice' }),
    );
    const waiting = await app.findByRole('region', { name: 'Waiting for them (1)' });
    expect(within(waiting).getByText('alice')).toBeInTheDocument();
    expect(
      within(waiting).getByText('Friend request, waiting for their answer'),
    ).toBeInTheDocument();
  });

  test('alice sees the request in the nav and on People, accepts, and bob is one of her people', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    relate(bob, alice, FRIEND, 'pending');
    const app = await renderApp('/people', { token: alice.token });

    expect(await app.findByRole('link', { name: 'People, 1 request waiting' })).toBeInTheDocument();
    const requests = await app.findByRole('region', { name: 'Requests for you (1)' });
    await app.user.click(
      within(requests).getByRole('button', { name: 'Accept Friend request from bob' }),
    );
    const people = await app.findByRole('region', { name: 'Your people' });
    await vi.waitFor(() => expect(within(people).getByText('bob')).toBeInTheDocument());
    expect(within(people).getByRole('heading', { name: 'Friend' })).toBeInTheDocument();
    expect(await app.findByRole('region', { name: 'Requests for you (0)' })).toBeInTheDocument();
    expect(app.getByRole('link', { name: 'People' })).toBeInTheDocument();
  });

  test('deleting one of your people asks first', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    relate(bob, alice, FRIEND);
    const app = await renderApp('/people', { token: alice.token });
    const people = await app.findByRole('region', { name: 'Your people' });
    await app.user.click(
      await within(people).findByRole('button', { name: 'Delete Friend relation with bob' }),
    );
    const dialog = await app.findByRole('alertdialog', {
      name: 'End your Friend relation with bob?',
    });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(people).findByText(/No one yet\. Find someone above/)).toBeInTheDocument();
  });

  test('says what to do when a search finds no one, or is too short', async () => {
    const bob = createUser({ username: 'bob' });
    const app = await renderApp('/people?q=zz', { token: bob.token });
    expect(await app.findByText('No one is called anything like “zz”.')).toBeInTheDocument();
    await app.user.clear(app.getByRole('searchbox', { name: 'Find people by name' }));
    await app.user.type(app.getByRole('searchbox', { name: 'Find people by name' }), 'z');
    expect(await app.findByText('Type at least 2 letters of a name.')).toBeInTheDocument();
  });

  test('on a small screen People is in the menu, with the waiting requests in its name', async () => {
    installMatchMedia({ narrow: true });
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    relate(bob, alice, FRIEND, 'pending');
    const app = await renderApp('/public', { token: alice.token });
    await app.user.click(app.getByRole('button', { name: 'Open menu' }));
    await app.user.click(await app.findByRole('menuitem', { name: 'People, 1 request waiting' }));
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/people'));
  });

  test('a search typed past is cancelled; only the last one is shown', async () => {
    const bob = createUser({ username: 'bob' });
    const asked: string[] = [];
    const aborted: string[] = [];
    server.use(
      http.get('*/api/users/search', async ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        asked.push(q);
        if (q === 'ali') {
          // Slow, so that the next search starts while this one is still out.
          await new Promise<void>((resolve) => {
            request.signal.addEventListener('abort', () => {
              aborted.push(q);
              resolve();
            });
            setTimeout(resolve, 3000);
          });
          return HttpResponse.json([{ id: 990, username: 'alice' }]);
        }
        return HttpResponse.json([{ id: 991, username: 'alicia' }]);
      }),
    );
    const app = await renderApp('/people', { token: bob.token });
    const box = await app.findByRole('searchbox', { name: 'Find people by name' });
    await app.user.type(box, 'ali');
    await vi.waitFor(() => expect(asked).toEqual(['ali']));
    await app.user.type(box, 'ci');
    const results = await app.findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('alicia')).toBeInTheDocument();
    expect(asked).toEqual(['ali', 'alici']);
    expect(aborted).toEqual(['ali']);
    expect(within(results).queryByText('alice')).not.toBeInTheDocument();
  });

  test('counts every request, past the largest page the server gives (200)', async () => {
    const alice = createUser({ username: 'alice' });
    for (let i = 0; i < 201; i++) {
      const asker = createUser({ username: `asker${i}` });
      relate(asker, alice, FRIEND, 'pending');
    }
    const app = await renderApp('/people', { token: alice.token });
    // Wait on the heading's text: a role query polled over 201 rows (each computes every element's
    // role and visibility) took 20 s on a loaded CI machine. Then the region is named once.
    await app.findByText('Requests for you (201)');
    expect(app.getByRole('region', { name: 'Requests for you (201)' })).toBeInTheDocument();
    expect(
      await app.findByLabelText('People, 201 requests waiting', { selector: 'a' }),
    ).toHaveAttribute('href', '/people');
  });
});
