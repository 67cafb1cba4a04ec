import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { within } from '@testing-library/react';
import { server } from '../../../mocks/node';
import {
  createRumination,
  createUser,
  DEFAULT_TEST_PASSWORD,
} from '../../../mocks/store/factories';
import { ERASED_ACCOUNT_NAME } from '../../../src/domain/erased-account';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';
import { warmUpLazyModules } from '../ruminations/warm-up';
import { commentBy } from '../../support/store-people';

const log = logRequests();
warmUpLazyModules();

type App = Awaited<ReturnType<typeof renderApp>>;

/** alice wrote a public rumination; bob and alice commented on it, bob replied to alice. */
function arrange() {
  const alice = createUser({ username: 'alice' });
  const bob = createUser({ username: 'bob' });
  const rumination = createRumination({ authorId: alice.user.id, content: 'Talk to me' });
  const fromBob = commentBy(bob, rumination.id, { content: 'Hello from bob' });
  const fromAlice = commentBy(alice, rumination.id, { content: 'Alice answers' });
  const reply = commentBy(bob, rumination.id, {
    parentCommentId: fromAlice.id,
    content: 'A nested reply',
  });
  return { alice, bob, rumination, fromBob, fromAlice, reply };
}

/** Lists show a count; the thread opens with it. */
async function openThread(app: App): Promise<void> {
  await app.user.click(await app.findByRole('button', { name: /^(\d+ comments?|Add a comment)$/ }));
}

function commentOf(app: App, text: string): HTMLElement {
  const item = app.getByText(text).closest('li');
  if (!item) throw new Error(`no comment ${text}`);
  return item;
}

/** The actions of one comment only (not those of its replies): its own box in its list item. */
function actionsOf(app: App, text: string): string[] {
  const body = commentOf(app, text).firstElementChild;
  if (!(body instanceof HTMLElement)) throw new Error(`no comment ${text}`);
  return within(body)
    .queryAllByRole('button')
    .map((b) => b.textContent ?? '');
}

describe('comments', () => {
  test('signed in: comments and nested replies are shown under the rumination', async () => {
    const { alice } = arrange();
    const app = await renderApp('/public', { token: alice.token });
    await openThread(app);
    const section = await app.findByRole('region', { name: 'Comments' });
    expect(await within(section).findByText('Hello from bob')).toBeInTheDocument();
    const replies = within(commentOf(app, 'Alice answers')).getByRole('list', {
      name: 'Replies to alice',
    });
    expect(within(replies).getByText('A nested reply')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'alice' })).toBeInTheDocument();
  });

  test('a deleted account’s comment shows as deleted, with no name to follow, and keeps its replies', async () => {
    const { alice } = arrange();
    const leaver = createUser({ username: 'leaver', email: 'leaver@example.com' });
    const rumination = createRumination({ authorId: alice.user.id, content: 'Another talk' });
    const gone = commentBy(leaver, rumination.id);
    commentBy(alice, rumination.id, { parentCommentId: gone.id, content: 'Alice replied before' });
    const deleted = await fetch('http://localhost:3000/api/account', {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${leaver.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: DEFAULT_TEST_PASSWORD }),
    });
    expect(deleted.status).toBe(204);

    const app = await renderApp(`/rumination/${rumination.id}`, { token: alice.token });
    const section = await app.findByRole('region', { name: 'Comments' });
    expect(await within(section).findByText('This comment has been deleted.')).toBeInTheDocument();
    expect(within(section).getByText(ERASED_ACCOUNT_NAME)).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: ERASED_ACCOUNT_NAME })).toBeNull();
    expect(within(section).queryByText('leaver')).toBeNull();
    expect(within(section).getByText('Alice replied before')).toBeInTheDocument();
  });

  test('signed out: no comment list and no comment box, but "Log in to add a comment."', async () => {
    arrange();
    const app = await renderApp('/public');
    expect(await app.findByText('Talk to me')).toBeInTheDocument();
    expect(app.getByText('Log in to add a comment.')).toBeInTheDocument();
    expect(app.getByText('3 comments')).toBeInTheDocument();
    expect(app.queryByText('Hello from bob')).not.toBeInTheDocument();
    expect(app.queryByRole('textbox')).not.toBeInTheDocument();
    // A list nobody would see is not fetched.
    expect(log.requests.filter((r) => r.url.pathname.startsWith('/api/comments'))).toEqual([]);
  });

  test('a list shows how many comments each card has, and fetches a thread only when opened', async () => {
    const { bob, rumination } = arrange();
    createRumination({ authorId: bob.user.id, content: 'Nobody answered' });
    const app = await renderApp('/public', { token: bob.token });
    const toggle = await app.findByRole('button', { name: '3 comments' });
    expect(app.getByRole('button', { name: 'Add a comment' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await log.settled();
    expect(log.requests.filter((r) => r.url.pathname.startsWith('/api/comments'))).toEqual([]);

    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const section = await app.findByRole('region', { name: 'Comments' });
    expect(await within(section).findByText('Hello from bob')).toBeInTheDocument();
    expect(log.to(`/api/comments/rumination/${rumination.id}`, 'GET')).toHaveLength(1);
    expect(log.requests.filter((r) => r.url.pathname.startsWith('/api/comments'))).toHaveLength(1);

    // The count follows the thread once it is loaded: a new comment counts at once.
    const box = within(section).getByRole('textbox', { name: 'Add a comment' });
    await app.user.type(box, 'Me too{Enter}');
    expect(await app.findByRole('button', { name: '4 comments' })).toBeInTheDocument();
  });

  test('Enter posts a comment; Shift+Enter starts a new line', async () => {
    const { bob, rumination } = arrange();
    const app = await renderApp('/public', { token: bob.token });
    await openThread(app);
    const box = await app.findByRole('textbox', { name: 'Add a comment' });

    await app.user.type(box, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('Line one\nline two');
    expect(log.to('/api/comments', 'POST')).toHaveLength(0);

    await app.user.type(box, '{Enter}');
    await vi.waitFor(() => expect(box).toHaveValue(''));
    await log.settled();
    expect(log.to('/api/comments', 'POST').map((r) => r.body)).toEqual([
      // When it was written goes with it (kept if the comment waits offline).
      {
        content: 'Line one\nline two',
        ruminationId: rumination.id,
        writtenTMS: expect.any(String),
      },
    ]);
    const posted = await app.findByText(/Line one/);
    expect(posted.textContent).toBe('Line one\nline two');
  });

  test('blank comments are not sent', async () => {
    const { bob } = arrange();
    const app = await renderApp('/public', { token: bob.token });
    await openThread(app);
    const box = await app.findByRole('textbox', { name: 'Add a comment' });
    await app.user.type(box, '   {Enter}');
    expect(app.getByRole('button', { name: 'Comment' })).toBeDisabled();
    expect(log.to('/api/comments', 'POST')).toHaveLength(0);
  });

  test('a comment over 2,000 characters is counted, refused with the message, and kept', async () => {
    const { bob } = arrange();
    const app = await renderApp('/public', { token: bob.token });
    await openThread(app);
    const box = await app.findByRole('textbox', { name: 'Add a comment' });
    await app.user.click(box);
    await app.user.paste('y'.repeat(1900));
    expect(box).toHaveAccessibleDescription('1,900 / 2,000 characters');
    await app.user.paste('y'.repeat(101));
    await app.user.keyboard('{Enter}');
    expect(await app.findByText('Content must be at most 2000 characters')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveValue('y'.repeat(2001));
    await log.settled();
    expect(log.to('/api/comments', 'POST')).toHaveLength(0);
  });

  test('a reply is posted with parentCommentId and shown under its parent', async () => {
    const { alice, fromBob } = arrange();
    const app = await renderApp('/public', { token: alice.token });
    await openThread(app);
    await app.findByText('Hello from bob');
    await app.user.click(
      within(commentOf(app, 'Hello from bob')).getByRole('button', { name: 'Reply' }),
    );
    await app.user.type(
      app.getByRole('textbox', { name: 'Reply to bob' }),
      'Right back at you{Enter}',
    );

    const replies = await within(commentOf(app, 'Hello from bob')).findByRole('list', {
      name: 'Replies to bob',
    });
    expect(within(replies).getByText('Right back at you')).toBeInTheDocument();
    await log.settled();
    expect(log.to('/api/comments', 'POST').map((r) => r.body)).toEqual([
      { content: 'Right back at you', parentCommentId: fromBob.id, writtenTMS: expect.any(String) },
    ]);
  });

  test('edit and delete on one’s own comments; the rumination’s author may delete any', async () => {
    const { alice, bob } = arrange();
    const asBob = await renderApp('/public', { token: bob.token });
    await openThread(asBob);
    await asBob.findByText('Hello from bob');
    expect(actionsOf(asBob, 'Hello from bob')).toEqual(['Reply', 'Edit', 'Delete']);
    expect(actionsOf(asBob, 'Alice answers')).toEqual(['Reply']);
    asBob.unmount();

    // alice wrote the rumination: she moderates its comments, but edits only her own.
    const asAlice = await renderApp('/public', { token: alice.token });
    await openThread(asAlice);
    await asAlice.findByText('Hello from bob');
    expect(actionsOf(asAlice, 'Alice answers')).toEqual(['Reply', 'Edit', 'Delete']);
    expect(actionsOf(asAlice, 'Hello from bob')).toEqual(['Reply', 'Delete']);
    expect(actionsOf(asAlice, 'A nested reply')).toEqual(['Reply', 'Delete']);
  });

  test('editing sends { id, content } and shows the new text', async () => {
    const { alice, fromAlice } = arrange();
    const app = await renderApp('/public', { token: alice.token });
    await openThread(app);
    await app.findByText('Alice answers');
    await app.user.click(
      within(commentOf(app, 'Alice answers')).getAllByRole('button', { name: 'Edit' })[0]!,
    );
    const box = app.getByRole('textbox', { name: 'Edit comment' });
    await app.user.clear(box);
    await app.user.type(box, 'Alice, corrected{Enter}');

    expect(await app.findByText('Alice, corrected')).toBeInTheDocument();
    await log.settled();
    expect(log.to(`/api/comments/${fromAlice.id}`, 'PUT').map((r) => r.body)).toEqual([
      { id: fromAlice.id, content: 'Alice, corrected' },
    ]);
  });

  test('delete asks for confirmation; the deleted comment turns italic with no actions', async () => {
    const { alice, fromAlice } = arrange();
    const app = await renderApp('/public', { token: alice.token });
    await openThread(app);
    await app.findByText('Alice answers');
    const actions = commentOf(app, 'Alice answers').firstElementChild as HTMLElement;
    await app.user.click(within(actions).getByRole('button', { name: 'Delete' }));

    const dialog = within(await app.findByRole('alertdialog'));
    expect(dialog.getByText('Are you sure you want to delete this comment?')).toBeInTheDocument();
    await app.user.click(dialog.getByRole('button', { name: 'Delete' }));

    const deleted = await app.findByText('This comment has been deleted.');
    expect(deleted).toHaveClass('italic');
    expect(within(deleted.parentElement!).queryAllByRole('button')).toHaveLength(0);
    // Replies stay.
    expect(app.getByText('A nested reply')).toBeInTheDocument();
    expect(log.to(`/api/comments/${fromAlice.id}`, 'DELETE')).toHaveLength(1);
  });

  test('a comment deleted earlier is read-only, even for its author', async () => {
    const alice = createUser({ username: 'alice' });
    const rumination = createRumination({ authorId: alice.user.id, content: 'Quiet now' });
    commentBy(alice, rumination.id, { isDeleted: true });
    const app = await renderApp('/public', { token: alice.token });
    await openThread(app);
    const deleted = await app.findByText('This comment has been deleted.');
    expect(deleted).toHaveClass('italic');
    expect(within(deleted.parentElement!).queryAllByRole('button')).toHaveLength(0);
  });

  test('a failed post is only logged and the text is kept', async () => {
    const { bob } = arrange();
    server.use(
      http.post('*/api/comments', () => HttpResponse.json({ title: 'Nope' }, { status: 500 })),
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await renderApp('/public', { token: bob.token });
    await openThread(app);
    const box = await app.findByRole('textbox', { name: 'Add a comment' });
    await app.user.type(box, 'Will it stick?{Enter}');

    await vi.waitFor(() => expect(errors).toHaveBeenCalled());
    expect(box).toHaveValue('Will it stick?');
    expect(app.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('drafts have no comment section', async () => {
    const alice = createUser({ username: 'alice' });
    createRumination({ authorId: alice.user.id, content: 'Private draft', isPublished: false });
    const app = await renderApp('/my-ruminations?view=drafts', { token: alice.token });
    expect(await app.findByText('Private draft')).toBeInTheDocument();
    expect(app.queryByRole('region', { name: 'Comments' })).not.toBeInTheDocument();
    expect(log.requests.filter((r) => r.url.pathname.startsWith('/api/comments'))).toEqual([]);
  });
});
