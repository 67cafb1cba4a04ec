import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { within } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { deferred, logRequests } from './request-log';
import { warmUpLazyModules } from './warm-up';
import {
  choosePublic,
  openAudiencePicker,
  publishPubliclyWhenAsked,
  tickAudiences,
} from './audience-picker';

const log = logRequests();
warmUpLazyModules();

async function openDialog(app: Awaited<ReturnType<typeof renderApp>>) {
  await app.user.click(await app.findByRole('button', { name: 'New Rumination' }));
  return within(await app.findByRole('dialog', { name: 'New Rumination' }));
}

describe('New Rumination dialog', () => {
  test('keeps Save Draft and Publish disabled while the content is blank', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openDialog(app);

    const content = dialog.getByPlaceholderText("What's on your mind?");
    expect(dialog.getByRole('button', { name: 'Save Draft' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Publish' })).toBeDisabled();

    await app.user.type(content, '   ');
    expect(dialog.getByRole('button', { name: 'Publish' })).toBeDisabled();

    await app.user.type(content, 'A thought');
    expect(dialog.getByRole('button', { name: 'Save Draft' })).toBeEnabled();
    expect(dialog.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(log.to('/api/ruminations', 'POST')).toHaveLength(0);
  });

  test('publishes with the audiences left ticked, closes and refreshes the list in place', async () => {
    const { user: alice, token } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'An older one' });
    const app = await renderApp('/my-ruminations', { token });
    expect(await app.findByText('An older one')).toBeInTheDocument();
    const dialog = await openDialog(app);

    await app.user.type(dialog.getByLabelText('Content'), 'For my closest people');
    await tickAudiences(app.user, dialog, 'Best Friend', 'Family');
    // Toggled off again: not sent.
    await app.user.click(dialog.getByRole('checkbox', { name: 'Family' }));
    expect(dialog.getByRole('checkbox', { name: 'Family' })).not.toBeChecked();
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));

    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    await log.settled();
    expect(log.to('/api/ruminations', 'POST').map((r) => r.body)).toEqual([
      {
        content: 'For my closest people',
        audiences: ['BestFriend'],
        publish: true,
        writtenTMS: expect.any(String),
      },
    ]);
    const card = (await app.findByText('For my closest people')).closest('article');
    expect(card).not.toBeNull();
    expect(within(card!).getByText('Best Friends')).toBeInTheDocument();
    expect(app.getByText('An older one')).toBeInTheDocument();
    // Refreshed by refetching, not by reloading the page.
    expect(app.router.state.location.pathname).toBe('/my-ruminations');
  });

  test('Save Draft sends publish false and no audiences when none is ticked', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/my-ruminations?view=drafts', { token });
    const dialog = await openDialog(app);

    await app.user.type(dialog.getByLabelText('Content'), '  Not ready yet  ');
    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));

    expect(await app.findByText('Not ready yet')).toBeInTheDocument();
    await log.settled();
    expect(log.to('/api/ruminations', 'POST').map((r) => r.body)).toEqual([
      { content: 'Not ready yet', publish: false, writtenTMS: expect.any(String) },
    ]);
  });

  test('disables both buttons while the save is in progress', async () => {
    const { token } = createUser({ username: 'alice' });
    const hold = deferred();
    server.use(
      http.post('*/api/ruminations', async () => {
        await hold.promise;
        return HttpResponse.json({ title: 'Server unavailable' }, { status: 503 });
      }),
    );
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openDialog(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Wait for it');
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await publishPubliclyWhenAsked(app.user);

    await vi.waitFor(() => expect(dialog.getByRole('button', { name: 'Publish' })).toBeDisabled());
    expect(dialog.getByRole('button', { name: 'Save Draft' })).toBeDisabled();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    hold.resolve();
    await vi.waitFor(() => expect(dialog.getByRole('button', { name: 'Publish' })).toBeEnabled());
  });

  test('on failure stays open with the content kept and only logs the error', async () => {
    const { token } = createUser({ username: 'alice' });
    server.use(
      http.post('*/api/ruminations', () =>
        HttpResponse.json({ title: 'Something broke' }, { status: 500 }),
      ),
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openDialog(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Keep me');
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await publishPubliclyWhenAsked(app.user);

    await vi.waitFor(() => expect(errors).toHaveBeenCalled());
    expect(app.getByRole('dialog', { name: 'New Rumination' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Content')).toHaveValue('Keep me');
    expect(app.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('the close button clears the form once the text is discarded', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/public', { token });
    let dialog = await openDialog(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Second thoughts');
    await tickAudiences(app.user, dialog, 'Partner');
    await app.user.click(dialog.getByRole('button', { name: 'Close' }));
    // Unsaved text: it asks first (tests/component/composer-kept.test.tsx).
    const question = await app.findByRole('alertdialog', { name: 'Discard what you wrote?' });
    await app.user.click(within(question).getByRole('button', { name: 'Discard' }));
    expect(app.queryByRole('dialog')).not.toBeInTheDocument();

    dialog = await openDialog(app);
    expect(dialog.getByLabelText('Content')).toHaveValue('');
    await openAudiencePicker(app.user, dialog);
    expect(dialog.getByRole('checkbox', { name: 'Partner' })).not.toBeChecked();
  });

  test('publishing from the public page refreshes that page in place', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/public', { token });
    const dialog = await openDialog(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Hello, everyone');
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await publishPubliclyWhenAsked(app.user);

    expect(await app.findByText('Hello, everyone')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/public');
  });

  test('the text box takes its direction from what is typed (dir="auto"), Arabic too', async () => {
    const { token } = createUser({ username: 'amira' });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openDialog(app);
    const content = dialog.getByLabelText('Content');
    expect(content).toHaveAttribute('dir', 'auto');
    await app.user.type(content, 'مرحبا بالعائلة');
    expect(content).toHaveValue('مرحبا بالعائلة');
  });

  test('the button is disabled while the terms must be accepted', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/public', { token, requiresTosAcceptance: true });
    expect(app.getByRole('button', { name: 'New Rumination' })).toBeDisabled();
  });

  test("content over 5,000 characters is refused with the contract's message and kept", async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openDialog(app);
    const content = dialog.getByLabelText('Content');
    await app.user.click(content);
    await app.user.paste('x'.repeat(5001));
    // Counted before the server says anything.
    expect(content).toHaveAccessibleDescription('5,001 / 5,000 characters');
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));

    expect(await dialog.findByText('Content must be at most 5000 characters')).toBeInTheDocument();
    expect(content).toHaveAttribute('aria-invalid', 'true');
    expect(content).toHaveAccessibleDescription(
      'Content must be at most 5000 characters 5,001 / 5,000 characters',
    );
    expect(content).toHaveValue('x'.repeat(5001));
    expect(app.getByRole('dialog', { name: 'New Rumination' })).toBeInTheDocument();
    await log.settled();
    expect(log.to('/api/ruminations', 'POST')).toHaveLength(0);

    // 5,000 is still allowed.
    await app.user.type(content, '{Backspace}');
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    // Asked now, once the content passes: a refused one never reached the question.
    await publishPubliclyWhenAsked(app.user);
    await vi.waitFor(() => expect(log.to('/api/ruminations', 'POST')).toHaveLength(1));
  });
});

describe('a draft saved where drafts are not shown', () => {
  test('says "Draft saved" with a link to Drafts, which shows it', async () => {
    const { token } = createUser({ username: 'drafter' });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openDialog(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Not ready yet');
    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));

    const notice = (await app.findByText('Draft saved')).closest<HTMLElement>('[role="status"]')!;
    expect(notice).toHaveAttribute('role', 'status');
    await app.user.click(within(notice).getByRole('link', { name: 'View drafts' }));
    expect(await app.findByText('Not ready yet')).toBeInTheDocument();
    expect(app.getByRole('link', { name: 'Drafts', current: 'page' })).toBeInTheDocument();
    expect(app.queryByText('Draft saved')).not.toBeInTheDocument();
  });

  test('says nothing when the Drafts list is shown: the draft appears in it', async () => {
    const { token } = createUser({ username: 'drafter2' });
    const app = await renderApp('/my-ruminations?view=drafts', { token });
    const dialog = await openDialog(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Straight into the list');
    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    expect(await app.findByText('Straight into the list')).toBeInTheDocument();
    await log.settled();
    expect(app.queryByText('Draft saved')).not.toBeInTheDocument();
  });
});
