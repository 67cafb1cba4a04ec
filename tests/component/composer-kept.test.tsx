import { describe, expect, test, vi } from 'vitest';
import { within } from '@testing-library/react';
import { server } from '../../mocks/node';
import { createRumination, createUser } from '../../mocks/store/factories';
import { reviseRumination } from '../../mocks/store/rumination-changes';
import { commentBy } from '../support/store-people';
import { etagOf, IF_MATCH_HEADER } from '../../src/api/preconditions';
import { renderApp } from '../support/render-app';
import { logRequests } from './ruminations/request-log';
import { warmUpLazyModules } from './ruminations/warm-up';
import {
  choosePublic,
  openAudiencePicker,
  publishPubliclyWhenAsked,
  tickAudiences,
} from './ruminations/audience-picker';

/*
 * The composer keeps what is typed (issue 24): in the browser, per account, given back when the
 * same dialog opens again, asked about before it is thrown away, gone once saved or signed out.
 * happy-dom has no IndexedDB: the store falls back to localStorage, which the test setup clears
 * after each test (a "reload" here is a second render of the app in the same test).
 */

const log = logRequests();
warmUpLazyModules();

type App = Awaited<ReturnType<typeof renderApp>>;

async function openNew(app: App) {
  await app.user.click(await app.findByRole('button', { name: 'New Rumination' }));
  return within(await app.findByRole('dialog', { name: 'New Rumination' }));
}

async function openEdit(app: App, text: string) {
  await app.user.click(await app.findByText(text));
  return within(await app.findByRole('dialog', { name: 'Edit Rumination' }));
}

/** Everything the composer keeps in this browser (localStorage, happy-dom's stand-in), as text. */
function keptTexts(): string {
  return Object.entries({ ...localStorage })
    .filter(([key]) => key.startsWith('composer:'))
    .map(([, value]) => value)
    .join('\n');
}

/** The tab is closed (or the browser crashes) and the app is opened again. */
async function reload(app: App, path: string, token: string): Promise<App> {
  app.unmount();
  return renderApp(path, { token });
}

describe('the composer keeps what is typed', () => {
  test('a new note closed mid-sentence comes back, audiences included, on reopening', async () => {
    const { token } = createUser({ username: 'alice' });
    let app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Half a thought, and');
    await tickAudiences(app.user, dialog, 'Family');

    app = await reload(app, '/my-ruminations', token);
    const again = await openNew(app);
    await vi.waitFor(() =>
      expect(again.getByLabelText('Content')).toHaveValue('Half a thought, and'),
    );
    await openAudiencePicker(app.user, again);
    expect(again.getByRole('checkbox', { name: 'Family' })).toBeChecked();
    expect(again.getByRole('status')).toHaveTextContent('Restored what you were writing.');
    expect(log.to('/api/ruminations', 'POST')).toHaveLength(0);
  });

  test('kept as it is typed: after a pause, it survives even a crash that runs no clean-up', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Typed, then a pause');
    // The kept copy is written within a moment of the last key press, before anything closes.
    await vi.waitFor(() => expect(keptTexts()).toContain('Typed, then a pause'));
  });

  test('Escape with unsaved text asks; Keep writing keeps it, Discard throws it away for good', async () => {
    const { token } = createUser({ username: 'alice' });
    let app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Do not lose me');

    await app.user.keyboard('{Escape}');
    let question = await app.findByRole('alertdialog', { name: 'Discard what you wrote?' });
    // The safe answer holds the focus.
    expect(within(question).getByRole('button', { name: 'Keep writing' })).toHaveFocus();
    await app.user.click(within(question).getByRole('button', { name: 'Keep writing' }));
    expect(app.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Content')).toHaveValue('Do not lose me');

    // The close button asks the same.
    await app.user.click(dialog.getByRole('button', { name: 'Close' }));
    question = await app.findByRole('alertdialog', { name: 'Discard what you wrote?' });
    await app.user.click(within(question).getByRole('button', { name: 'Discard' }));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());

    expect((await openNew(app)).getByLabelText('Content')).toHaveValue('');
    app = await reload(app, '/my-ruminations', token);
    const after = await openNew(app);
    // Given the store its moment: nothing comes back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(after.getByLabelText('Content')).toHaveValue('');
    expect(after.queryByRole('status')).not.toBeInTheDocument();
  });

  test('a saved note leaves nothing kept, and an empty composer closes at once', async () => {
    const { token } = createUser({ username: 'alice' });
    let app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Out it goes');
    await vi.waitFor(() => expect(keptTexts()).toContain('Out it goes'));
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await publishPubliclyWhenAsked(app.user);
    expect(await app.findByText('Out it goes')).toBeInTheDocument();
    await vi.waitFor(() => expect(keptTexts()).toBe(''));

    app = await reload(app, '/my-ruminations', token);
    const again = await openNew(app);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(again.getByLabelText('Content')).toHaveValue('');
    // Nothing to lose: no question.
    await app.user.keyboard('{Escape}');
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('an edit comes back on top of the version it started from (If-Match), even if the note changed meanwhile', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    const note = createRumination({ authorId: alice.id, content: 'First words' });
    const ifMatch: (string | null)[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'PUT') ifMatch.push(request.headers.get(IF_MATCH_HEADER));
    };
    server.events.on('request:start', listener);
    // The note changed elsewhere: the server answers 412, which the conflict screen takes up.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      let app = await renderApp('/my-ruminations', { token });
      const dialog = await openEdit(app, 'First words');
      await app.user.type(dialog.getByLabelText('Content'), ', then mine');

      app.unmount();
      // Changed on another device while this tab was closed.
      reviseRumination(note, { ...note, content: 'Their words' });
      app = await renderApp('/my-ruminations', { token });
      const again = await openEdit(app, 'Their words');
      await vi.waitFor(() =>
        expect(again.getByLabelText('Content')).toHaveValue('First words, then mine'),
      );
      await app.user.click(again.getByRole('button', { name: 'Publish' }));
      await vi.waitFor(() => expect(ifMatch).toHaveLength(1));
      expect(ifMatch).toEqual([etagOf(1)]);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  test('kept per account: another account neither sees it nor leaves it stored; signing out leaves nothing', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    let app = await renderApp('/my-ruminations', { token: alice.token });
    let dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Only for alice');

    // Someone else signs in here (alice's session ran out, say): not shown to bob, and deleted,
    // as the offline copy of the previous person is.
    app = await reload(app, '/my-ruminations', bob.token);
    const bobs = await openNew(app);
    await vi.waitFor(() => expect(keptTexts()).toBe(''));
    expect(bobs.getByLabelText('Content')).toHaveValue('');
    expect(bobs.queryByRole('status')).not.toBeInTheDocument();

    // Signing out (account deletion signs out the same way) deletes every kept copy.
    app = await reload(app, '/my-ruminations', alice.token);
    dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Alice again');
    app = await reload(app, '/my-ruminations', alice.token);
    expect(keptTexts()).toContain('Alice again');
    await app.user.click(await app.findByRole('button', { name: 'Sign Out' }));
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    await vi.waitFor(() => expect(keptTexts()).toBe(''));
  });

  test('a reply or a comment edit with unsaved text asks before Cancel throws it away', async () => {
    const alice = createUser({ username: 'alice' });
    const note = createRumination({ authorId: alice.user.id, content: 'Talk to me' });
    commentBy(alice, note.id, { content: 'My first word' });
    const app = await renderApp('/public', { token: alice.token });
    await app.user.click(
      await app.findByRole('button', { name: /^(\d+ comments?|Add a comment)$/ }),
    );
    const item = (await app.findByText('My first word')).closest('li');
    if (!item) throw new Error('no comment item');

    await app.user.click(within(item).getByRole('button', { name: 'Reply' }));
    await app.user.type(await app.findByRole('textbox', { name: 'Reply to alice' }), 'Wait');
    await app.user.click(within(item).getByRole('button', { name: 'Cancel' }));
    let question = await app.findByRole('alertdialog', { name: 'Discard what you wrote?' });
    await app.user.click(within(question).getByRole('button', { name: 'Keep writing' }));
    expect(app.getByRole('textbox', { name: 'Reply to alice' })).toHaveValue('Wait');

    await app.user.click(within(item).getByRole('button', { name: 'Cancel' }));
    question = await app.findByRole('alertdialog', { name: 'Discard what you wrote?' });
    await app.user.click(within(question).getByRole('button', { name: 'Discard' }));
    await vi.waitFor(() =>
      expect(app.queryByRole('textbox', { name: 'Reply to alice' })).not.toBeInTheDocument(),
    );

    // Nothing changed in an edit: Cancel closes it at once.
    await app.user.click(within(item).getByRole('button', { name: 'Edit' }));
    await app.user.click(await within(item).findByRole('button', { name: 'Cancel' }));
    expect(app.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(app.queryByRole('textbox', { name: 'Edit comment' })).not.toBeInTheDocument();
    expect(log.to('/api/comments', 'POST')).toHaveLength(0);
  });
});
