import { http, HttpResponse } from 'msw';
import { within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { createUser } from '../../../mocks/store/factories';
import { getDb } from '../../../mocks/store/db';
import { networkDown, networkUp } from '../../support/network';
import { renderApp } from '../../support/render-app';
import { warmUpLazyModules } from '../ruminations/warm-up';
import { choosePublic } from '../ruminations/audience-picker';
import { markFirstPublicAsked } from '../../../src/features/preferences/first-public-note';

warmUpLazyModules();

afterEach(() => {
  networkUp();
});

describe('writing offline', () => {
  test('a draft saved offline waits in the pending list and is sent once, with a key, online', async () => {
    const { user, token } = createUser({ username: 'alice' });
    const keys: (string | null)[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/ruminations') {
        keys.push(request.headers.get('Idempotency-Key'));
      }
    };
    server.events.on('request:start', listener);
    try {
      const app = await renderApp('/my-ruminations', { token });
      networkDown();
      expect(await app.findByRole('status')).toHaveTextContent('Offline');

      await app.user.click(await app.findByRole('button', { name: 'New Rumination' }));
      const dialog = within(await app.findByRole('dialog', { name: 'New Rumination' }));
      await app.user.type(dialog.getByLabelText('Content'), 'Thought on a train');
      await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));

      // The dialog lets go at once; the write waits, shown as pending, nothing sent yet.
      await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
      const pending = await app.findByRole('region', { name: 'Not yet sent' });
      expect(pending).toHaveTextContent('New draft');
      expect(pending).toHaveTextContent('Thought on a train');
      expect(pending).toHaveTextContent('Waiting for the network');
      expect(keys).toEqual([]);

      networkUp();
      await vi.waitFor(() =>
        expect(app.queryByRole('region', { name: 'Not yet sent' })).not.toBeInTheDocument(),
      );
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      const mine = getDb().ruminations.filter((r) => r.authorId === user.id);
      expect(mine.map((r) => [r.content, r.isPublished])).toEqual([['Thought on a train', false]]);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  test('a rumination published offline shows in its list, marked as not yet sent, until it is', async () => {
    const { user, token } = createUser({ username: 'poet' });
    markFirstPublicAsked(user.id);
    const app = await renderApp('/my-ruminations', { token });
    networkDown();
    const write = async (content: string, button: 'Publish' | 'Save Draft') => {
      await app.user.click(await app.findByRole('button', { name: 'New Rumination' }));
      const dialog = within(await app.findByRole('dialog', { name: 'New Rumination' }));
      await app.user.type(dialog.getByLabelText('Content'), content);
      // Offline, the default is not known: a published note's audience is chosen.
      if (button === 'Publish') await choosePublic(app.user, dialog);
      await app.user.click(dialog.getByRole('button', { name: button }));
      await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await write('A draft in the tunnel', 'Save Draft');
    await write('Written in a tunnel', 'Publish');

    const list = await app.findByRole('list', { name: 'Published ruminations' });
    const card = await within(list).findByRole('article', { name: 'Not yet sent: New rumination' });
    expect(card).toHaveTextContent('Written in a tunnel');
    expect(card).toHaveTextContent('Not yet sent · Waiting for the network');
    // The draft belongs to Drafts, not to this list (it is in the "Not yet sent" panel).
    expect(within(list).queryByText('A draft in the tunnel')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('article')).toHaveLength(1);

    networkUp();
    // Sent: the server's card takes its place, without the mark.
    const sent = (await app.findByText('Written in a tunnel', { selector: 'p' })).closest(
      'article',
    )!;
    await vi.waitFor(() =>
      expect(app.queryByRole('article', { name: /^Not yet sent/ })).not.toBeInTheDocument(),
    );
    expect(within(sent).queryByText(/Not yet sent/)).not.toBeInTheDocument();
  });

  test('a write refused after reconnecting stays in the list with Retry and Discard', async () => {
    const { user, token } = createUser({ username: 'bob' });
    markFirstPublicAsked(user.id);
    server.use(
      http.post('*/api/ruminations', () =>
        HttpResponse.json({ title: 'Something broke' }, { status: 500 }),
      ),
    );
    const app = await renderApp('/my-ruminations', { token });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    networkDown();
    await app.user.click(await app.findByRole('button', { name: 'New Rumination' }));
    const dialog = within(await app.findByRole('dialog', { name: 'New Rumination' }));
    await app.user.type(dialog.getByLabelText('Content'), 'Kept whatever happens');
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());

    networkUp();
    // The list hides while the write is being sent, and comes back when it fails.
    await vi.waitFor(
      () => expect(app.getByRole('region', { name: 'Not yet sent' })).toHaveTextContent('Not sent'),
      { timeout: 5000 },
    );
    const pending = app.getByRole('region', { name: 'Not yet sent' });
    expect(within(pending).getByRole('alert')).toHaveTextContent('Something broke');
    expect(pending).toHaveTextContent('Kept whatever happens');
    expect(within(pending).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await app.user.click(within(pending).getByRole('button', { name: 'Discard' }));
    await vi.waitFor(() =>
      expect(app.queryByRole('region', { name: 'Not yet sent' })).not.toBeInTheDocument(),
    );
  });
});
