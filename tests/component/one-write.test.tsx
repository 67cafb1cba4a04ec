import { http, HttpResponse } from 'msw';
import { afterAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, within } from '@testing-library/react';
import { server } from '../../mocks/node';
import { createRumination, createUser } from '../../mocks/store/factories';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/api/idempotency-key';
import { renderApp } from '../support/render-app';
import { commentBy } from '../support/store-people';
import { warmUpLazyModules } from './ruminations/warm-up';
import { choosePublic } from './ruminations/audience-picker';
import { markFirstPublicAsked } from '../../src/features/preferences/first-public-note';

/*
 * One click, one write (issue 24): two clicks in the same frame (fired one after the other, with
 * no render between) send one request, and a composer holds one idempotency key until its write
 * succeeds.
 */

warmUpLazyModules();

interface Write {
  method: string;
  path: string;
  key: string | null;
}
const writes: Write[] = [];
const listener = ({ request }: { request: Request }) => {
  if (request.method === 'GET') return;
  writes.push({
    method: request.method,
    path: new URL(request.url).pathname,
    key: request.headers.get(IDEMPOTENCY_KEY_HEADER),
  });
};
server.events.on('request:start', listener);
beforeEach(() => {
  writes.length = 0;
});
afterAll(() => {
  server.events.removeListener('request:start', listener);
});

function writesTo(method: string, path: string): Write[] {
  return writes.filter((w) => w.method === method && w.path === path);
}

type App = Awaited<ReturnType<typeof renderApp>>;

async function openNew(app: App) {
  await app.user.click(await app.findByRole('button', { name: 'New Rumination' }));
  return within(await app.findByRole('dialog', { name: 'New Rumination' }));
}

/** Two clicks before React renders again: what a fast double-click can do. */
function doubleClickInOneFrame(element: HTMLElement): void {
  fireEvent.click(element);
  fireEvent.click(element);
}

describe('one click, one write', () => {
  test.each(['Publish', 'Save Draft'])(
    'New Rumination: %s clicked twice in one frame creates one note',
    async (button) => {
      const { user, token } = createUser({ username: 'alice' });
      markFirstPublicAsked(user.id);
      const app = await renderApp('/my-ruminations?view=drafts', { token });
      const dialog = await openNew(app);
      await app.user.type(dialog.getByLabelText('Content'), 'Only once');
      // New accounts ask who reads each note: Publish needs a choice, a draft none.
      if (button === 'Publish') await choosePublic(app.user, dialog);

      doubleClickInOneFrame(dialog.getByRole('button', { name: button }));
      await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(writesTo('POST', '/api/ruminations')).toHaveLength(1);
    },
  );

  test('a failed submission is retried with the same key; the next note gets a new one', async () => {
    const { user, token } = createUser({ username: 'alice' });
    markFirstPublicAsked(user.id);
    let fail = true;
    server.use(
      http.post('*/api/ruminations', () => {
        if (!fail) return undefined;
        fail = false;
        return HttpResponse.json({ title: 'Server unavailable' }, { status: 503 });
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await renderApp('/my-ruminations', { token });
    let dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Try, try again');
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(writesTo('POST', '/api/ruminations')).toHaveLength(1));
    await vi.waitFor(() => expect(dialog.getByRole('button', { name: 'Publish' })).toBeEnabled());
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    expect(await app.findByText('Try, try again')).toBeInTheDocument();

    dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Another one');
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    expect(await app.findByText('Another one')).toBeInTheDocument();

    const [first, retry, next] = writesTo('POST', '/api/ruminations').map((w) => w.key);
    expect(first).toEqual(expect.any(String));
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  test('editing: Publish clicked twice in one frame sends one edit', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    const note = createRumination({ authorId: alice.id, content: 'Before' });
    const app = await renderApp('/my-ruminations', { token });
    await app.user.click(await app.findByText('Before'));
    const dialog = within(await app.findByRole('dialog', { name: 'Edit Rumination' }));
    await app.user.type(dialog.getByLabelText('Content'), ' and after');

    doubleClickInOneFrame(dialog.getByRole('button', { name: 'Publish' }));
    expect(await app.findByText('Before and after')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writesTo('PUT', `/api/ruminations/${note.id}`)).toHaveLength(1);
  });

  test('Comment, Reply and a comment edit clicked twice in one frame send one write each', async () => {
    const alice = createUser({ username: 'alice' });
    const note = createRumination({ authorId: alice.user.id, content: 'Talk to me' });
    const mine = commentBy(alice, note.id, { content: 'My first word' });
    const app = await renderApp('/public', { token: alice.token });
    await app.user.click(
      await app.findByRole('button', { name: /^(\d+ comments?|Add a comment)$/ }),
    );

    const box = await app.findByRole('textbox', { name: 'Add a comment' });
    await app.user.type(box, 'Said once');
    doubleClickInOneFrame(app.getByRole('button', { name: 'Comment' }));
    // The thread is refetched and drawn again meanwhile: found, not held.
    await app.findByText('Said once');

    const item = (await app.findByText('My first word')).closest('li');
    if (!item) throw new Error('no comment item');
    await app.user.click(within(item).getAllByRole('button', { name: 'Reply' })[0]!);
    await app.user.type(
      await app.findByRole('textbox', { name: 'Reply to alice' }),
      'Replied once',
    );
    doubleClickInOneFrame(within(item).getByRole('button', { name: 'Reply' }));
    await app.findByText('Replied once');

    await app.user.click(within(item).getAllByRole('button', { name: 'Edit' })[0]!);
    const edit = await app.findByRole('textbox', { name: 'Edit comment' });
    await app.user.type(edit, ', edited');
    doubleClickInOneFrame(within(item).getByRole('button', { name: 'Save' }));
    await app.findByText('My first word, edited');

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writesTo('POST', '/api/comments')).toHaveLength(2);
    expect(writesTo('PUT', `/api/comments/${mine.id}`)).toHaveLength(1);
  });
});
