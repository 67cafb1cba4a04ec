import { describe, expect, test, vi } from 'vitest';
import { within } from '@testing-library/react';
import { createRumination, createUser } from '../../mocks/store/factories';
import { renderApp } from '../support/render-app';
import { logRequests } from './ruminations/request-log';
import { warmUpLazyModules } from './ruminations/warm-up';

/* "Save Draft" on a published note takes it down: the edit dialog asks first (issue 24). */

const log = logRequests();
warmUpLazyModules();

type App = Awaited<ReturnType<typeof renderApp>>;

async function openEdit(app: App, text: string) {
  await app.user.click(await app.findByText(text));
  return within(await app.findByRole('dialog', { name: 'Edit Rumination' }));
}

describe('Save Draft on a published note', () => {
  test('asks first: "Keep it published" sends nothing, "Save as draft" takes it down; a draft is not asked', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    const note = createRumination({ authorId: alice.id, content: 'Out there' });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openEdit(app, 'Out there');

    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    let question = await app.findByRole('alertdialog', { name: 'Take this note down?' });
    expect(question).toHaveTextContent(
      'Saving it as a draft hides it from everyone who can read it now.',
    );
    expect(within(question).getByRole('button', { name: 'Keep it published' })).toHaveFocus();
    await app.user.click(within(question).getByRole('button', { name: 'Keep it published' }));
    expect(app.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(app.getByRole('dialog', { name: 'Edit Rumination' })).toBeInTheDocument();
    expect(log.to(`/api/ruminations/${note.id}`, 'PUT')).toHaveLength(0);

    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    question = await app.findByRole('alertdialog', { name: 'Take this note down?' });
    await app.user.click(within(question).getByRole('button', { name: 'Save as draft' }));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    await log.settled();
    expect(log.to(`/api/ruminations/${note.id}`, 'PUT').map((r) => r.body)).toEqual([
      { content: 'Out there', audiences: [], publish: false },
    ]);

    // A draft now: Save Draft takes nothing down, so it asks nothing.
    await app.router.navigate({ to: '/my-ruminations', search: { view: 'drafts' } });
    const again = await openEdit(app, 'Out there');
    await app.user.type(again.getByLabelText('Content'), ', for now');
    await app.user.click(again.getByRole('button', { name: 'Save Draft' }));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(log.to(`/api/ruminations/${note.id}`, 'PUT')).toHaveLength(2);
  });
});
