import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { within } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { openAudiencePicker } from './audience-picker';
import { renderApp } from '../../support/render-app';
import { logRequests } from './request-log';
import { warmUpLazyModules } from './warm-up';

const log = logRequests();
warmUpLazyModules();

function cardOf(element: HTMLElement): HTMLElement {
  const card = element.closest('article');
  if (!card) throw new Error('not inside a rumination card');
  return card;
}

describe('My Ruminations', () => {
  test('Published / Drafts toggle asks for isPublic=true and isPublic=false', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'Out in the world' });
    createRumination({ authorId: alice.id, content: 'Still brewing', isPublished: false });
    const app = await renderApp('/my-ruminations', { token });

    expect(await app.findByText('Out in the world')).toBeInTheDocument();
    expect(app.queryByText('Still brewing')).not.toBeInTheDocument();
    expect(app.getByRole('link', { name: 'Published' })).toHaveAttribute('aria-current', 'page');
    expect(log.to('/api/ruminations/my').map((r) => r.url.searchParams.get('isPublic'))).toEqual([
      'true',
    ]);

    await app.user.click(app.getByRole('link', { name: 'Drafts' }));
    expect(await app.findByText('Still brewing')).toBeInTheDocument();
    expect(app.queryByText('Out in the world')).not.toBeInTheDocument();
    expect(app.getByRole('link', { name: 'Drafts' })).toHaveAttribute('aria-current', 'page');
    expect(within(cardOf(app.getByText('Still brewing'))).getByText('Draft')).toBeInTheDocument();
    expect(log.to('/api/ruminations/my').map((r) => r.url.searchParams.get('isPublic'))).toEqual([
      'true',
      'false',
    ]);
  });

  test('an unknown view falls back to the published list', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/my-ruminations?view=everything', { token });
    expect(app.getByRole('link', { name: 'Published' })).toHaveAttribute('aria-current', 'page');
    expect(log.to('/api/ruminations/my')[0]?.url.searchParams.get('isPublic')).toBe('true');
  });

  test('empty lists say what to do', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/my-ruminations', { token });
    expect(app.getByText(/You have not published anything yet/)).toBeInTheDocument();
    await app.user.click(app.getByRole('link', { name: 'Drafts' }));
    expect(await app.findByText(/You have no drafts/)).toBeInTheDocument();
  });

  test('cards show author, time, audiences by label, and link the author to the profile', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'For some', audiences: [3, 5] });
    const app = await renderApp('/my-ruminations', { token });
    const card = cardOf(await app.findByText('For some'));

    // In words, as its readers see it too.
    expect(within(card).getByText(/Who can read it/).parentElement).toHaveTextContent(
      'Who can read it: Best Friends and Therapist',
    );
    expect(within(card).getByRole('link', { name: 'alice' })).toHaveAttribute(
      'href',
      `/user/${alice.id}`,
    );
    expect(card.querySelector('time')).toHaveAttribute('dateTime');
  });

  test('clicking one’s own card opens editing; Publish sends content, audiences and publish true', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    const draft = createRumination({
      authorId: alice.id,
      content: 'Rough words',
      isPublished: false,
      audiences: [2],
    });
    const app = await renderApp('/my-ruminations?view=drafts', { token });
    await app.user.click(await app.findByText('Rough words'));

    const dialog = within(await app.findByRole('dialog', { name: 'Edit Rumination' }));
    const content = dialog.getByLabelText('Content');
    expect(content).toHaveValue('Rough words');
    await openAudiencePicker(app.user, dialog);
    expect(dialog.getByRole('checkbox', { name: 'Friend' })).toBeChecked();
    await app.user.clear(content);
    await app.user.type(content, 'Polished words');
    await app.user.click(dialog.getByRole('checkbox', { name: 'Family' }));
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));

    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    await log.settled();
    expect(log.to(`/api/ruminations/${draft.id}`, 'PUT').map((r) => r.body)).toEqual([
      { content: 'Polished words', audiences: ['Family', 'Friend'], publish: true },
    ]);
    // Published now: the drafts list refreshed in place and no longer holds it.
    await vi.waitFor(() => expect(app.queryByText('Rough words')).not.toBeInTheDocument());
    expect(app.queryByText('Polished words')).not.toBeInTheDocument();
    expect(app.getByText(/You have no drafts/)).toBeInTheDocument();
  });

  test('editing: Save Draft sends publish false, with no audiences as an empty list', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    const published = createRumination({ authorId: alice.id, content: 'Too soon' });
    const app = await renderApp('/my-ruminations', { token });
    await app.user.click(
      within(cardOf(await app.findByText('Too soon'))).getByRole('button', {
        name: 'Edit rumination',
      }),
    );
    const dialog = within(await app.findByRole('dialog', { name: 'Edit Rumination' }));
    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    // It is published: taking it down asks first (tests/component/composer-take-down.test.tsx).
    const question = within(await app.findByRole('alertdialog', { name: 'Take this note down?' }));
    await app.user.click(question.getByRole('button', { name: 'Save as draft' }));

    await vi.waitFor(() => expect(app.queryByText('Too soon')).not.toBeInTheDocument());
    await log.settled();
    expect(log.to(`/api/ruminations/${published.id}`, 'PUT').map((r) => r.body)).toEqual([
      { content: 'Too soon', audiences: [], publish: false },
    ]);
  });

  test('an edit blanked out cannot be saved', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'Keep me' });
    const app = await renderApp('/my-ruminations', { token });
    await app.user.click(await app.findByText('Keep me'));
    const dialog = within(await app.findByRole('dialog', { name: 'Edit Rumination' }));
    await app.user.clear(dialog.getByLabelText('Content'));
    await app.user.type(dialog.getByLabelText('Content'), '  ');
    expect(dialog.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Save Draft' })).toBeDisabled();
  });

  test('a failed edit shows the server’s message and keeps the dialog open', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    const r = createRumination({ authorId: alice.id, content: 'Original' });
    server.use(
      http.put(`*/api/ruminations/${r.id}`, () =>
        HttpResponse.json({ title: 'Content is too long' }, { status: 400 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await renderApp('/my-ruminations', { token });
    await app.user.click(await app.findByText('Original'));
    const dialog = within(await app.findByRole('dialog', { name: 'Edit Rumination' }));
    await app.user.type(dialog.getByLabelText('Content'), '!');
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('Content is too long');
    expect(dialog.getByLabelText('Content')).toHaveValue('Original!');
  });

  test('delete asks first (it moves to the trash) and the list refreshes', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'Stays' });
    const doomed = createRumination({ authorId: alice.id, content: 'Goes' });
    const app = await renderApp('/my-ruminations', { token });
    const card = cardOf(await app.findByText('Goes'));

    await app.user.click(within(card).getByRole('button', { name: 'Delete rumination' }));
    const dialog = within(await app.findByRole('alertdialog'));
    expect(
      dialog.getByText('It moves to the trash, where you can restore it.'),
    ).toBeInTheDocument();

    // Cancel keeps it.
    await app.user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(log.to(`/api/ruminations/${doomed.id}`, 'DELETE')).toHaveLength(0);

    await app.user.click(within(card).getByRole('button', { name: 'Delete rumination' }));
    await app.user.click(
      within(await app.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await vi.waitFor(() => expect(app.queryByText('Goes')).not.toBeInTheDocument());
    expect(app.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(app.getByText('Stays')).toBeInTheDocument();
    expect(log.to(`/api/ruminations/${doomed.id}`, 'DELETE')).toHaveLength(1);
  });

  test('a failed delete shows the alert and keeps the rumination', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    const r = createRumination({ authorId: alice.id, content: 'Sticky' });
    server.use(
      http.delete(`*/api/ruminations/${r.id}`, () =>
        HttpResponse.json({ title: 'Nope' }, { status: 500 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await renderApp('/my-ruminations', { token });
    await app.user.click(
      within(cardOf(await app.findByText('Sticky'))).getByRole('button', {
        name: 'Delete rumination',
      }),
    );
    const dialog = within(await app.findByRole('alertdialog'));
    await app.user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Failed to delete rumination. Please try again.',
    );
    expect(app.getByText('Sticky')).toBeInTheDocument();
  });

  test('pages with Limit and BeforeId; "Load more" until a short page', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    const notes = Array.from({ length: 23 }, (_, i) =>
      createRumination({ authorId: alice.id, content: `Note ${i + 1}` }),
    );
    const app = await renderApp('/my-ruminations', { token });

    const list = app.getByRole('list', { name: 'Published ruminations' });
    expect(within(list).getAllByRole('article')).toHaveLength(20);
    expect(within(list).getByText('Note 23')).toBeInTheDocument();
    expect(within(list).queryByText('Note 3')).not.toBeInTheDocument();

    await app.user.click(app.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Note 1')).toBeInTheDocument();
    expect(within(list).getAllByRole('article')).toHaveLength(23);
    expect(app.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const calls = log.to('/api/ruminations/my');
    expect(calls.map((r) => r.url.searchParams.get('Limit'))).toEqual(['20', '20']);
    // Newest first: the first page ends with Note 4, the next starts below its id.
    expect(calls[0]?.url.searchParams.has('BeforeId')).toBe(false);
    expect(calls[1]?.url.searchParams.get('BeforeId')).toBe(String(notes[3]?.id));
  });

  test('a failed load shows the server’s status text', async () => {
    const { token } = createUser({ username: 'alice' });
    server.use(http.get('*/api/ruminations/my', () => new HttpResponse(null, { status: 500 })));
    const app = await renderApp('/my-ruminations', { token });
    expect(await app.findByRole('alert')).toHaveTextContent('Internal Server Error');
  });

  test('a network failure shows the default message and Try again recovers', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'Eventually' });
    server.use(http.get('*/api/ruminations/my', () => HttpResponse.error(), { once: true }));
    const app = await renderApp('/my-ruminations', { token });

    expect(await app.findByRole('alert')).toHaveTextContent('Failed to fetch my ruminations');
    await app.user.click(app.getByRole('button', { name: 'Try again' }));
    expect(await app.findByText('Eventually')).toBeInTheDocument();
  });
});
