import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '../../../mocks/node';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { preferencesOf, storePreferences } from '../../../mocks/store/preferences';
import { defaultPreferences } from '../../../src/domain/preferences';
import { AuthProvider } from '../../../src/features/auth/auth-context';
import { AuthSession } from '../../../src/features/auth/auth-session';
import { DefaultAudiencesSetting } from '../../../src/features/preferences/default-audiences-setting';
import { createQueryClient } from '../../../src/lib/query-client';
import { networkDown, networkUp } from '../../support/network';
import { renderApp } from '../../support/render-app';
import { audienceButton, openAudiencePicker, tickAudiences } from '../ruminations/audience-picker';
import { logRequests } from '../ruminations/request-log';
import { warmUpLazyModules } from '../ruminations/warm-up';

/**
 * Issue 39, "Private unless you say so": a new account asks who reads each note (defaultAudiences
 * null), and a composer that does not know the default (failed, offline with no copy) asks too.
 * Nothing is ticked, Public neither, and Publish sends nothing until the writer has chosen.
 */

const log = logRequests();
warmUpLazyModules();

type App = Awaited<ReturnType<typeof renderApp>>;
type Dialog = ReturnType<typeof within>;

async function openNew(app: App): Promise<Dialog> {
  await app.user.click(await app.findByRole('button', { name: 'New Rumination' }));
  return within(await app.findByRole('dialog', { name: 'New Rumination' }));
}

const EVERY_CHOICE = [
  'Public',
  'Acquaintance',
  'Family',
  'Friend',
  'Best Friend',
  'Partner',
  'Therapist',
];

/** Once the composer's read of the preferences has ended, in success or failure. */
async function preferencesRead(app: App): Promise<void> {
  await vi.waitFor(() => {
    const query = app.queryClient
      .getQueryCache()
      .getAll()
      .find((q) => q.queryKey.includes('preferences'));
    expect(query?.state.status).not.toBe('pending');
    expect(query?.state.fetchStatus).toBe('idle');
  });
}

/** Nothing ticked, Public neither: the picker's button and every box say so. */
async function expectNothingTicked(app: App, dialog: Dialog): Promise<void> {
  expect(audienceButton(dialog)).toHaveAccessibleName('Who can read it: Not chosen yet');
  await openAudiencePicker(app.user, dialog);
  for (const name of EVERY_CHOICE) {
    expect(dialog.getByRole('checkbox', { name })).not.toBeChecked();
  }
}

/** Publish with nobody chosen: nothing sent, the text kept, the picker open and a plain word. */
async function expectPublishWaits(app: App, dialog: Dialog, text: string): Promise<void> {
  await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent('Choose who can read it first.');
  expect(audienceButton(dialog)).toHaveAttribute('aria-expanded', 'true');
  await vi.waitFor(() => expect(audienceButton(dialog)).toHaveFocus());
  expect(dialog.getByLabelText('Content')).toHaveValue(text);
  expect(app.getByRole('dialog', { name: 'New Rumination' })).toBeInTheDocument();
  // Not the question about Public either: nothing is public by default.
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  await log.settled();
  expect(log.to('/api/ruminations', 'POST')).toHaveLength(0);
}

describe('a new account asks who reads each note', () => {
  test('its composer ticks nothing and will not publish until the writer has chosen', async () => {
    const { user, token } = createUser({ username: 'abuela' });
    expect(preferencesOf(user.id).defaultAudiences).toBeNull();
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    // Once the preferences are read, still nothing.
    await preferencesRead(app);
    await expectNothingTicked(app, dialog);
    await app.user.type(dialog.getByLabelText('Content'), 'Para mi familia');
    await expectPublishWaits(app, dialog, 'Para mi familia');

    // Chosen: the word goes, and Publish sends to exactly that.
    await tickAudiences(app.user, dialog, 'Family');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    await log.settled();
    expect(log.to('/api/ruminations', 'POST').map((r) => r.body)).toEqual([
      expect.objectContaining({ content: 'Para mi familia', audiences: ['Family'], publish: true }),
    ]);
  });

  test('unticking the last audience goes back to nobody chosen, not to Public', async () => {
    const { token } = createUser({ username: 'abuela' });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Changed my mind');
    await tickAudiences(app.user, dialog, 'Family', 'Family');
    await expectNothingTicked(app, dialog);
    await expectPublishWaits(app, dialog, 'Changed my mind');
  });

  test('Save Draft needs no choice: a draft is only its writer’s', async () => {
    const { token } = createUser({ username: 'abuela' });
    const app = await renderApp('/my-ruminations?view=drafts', { token });
    const dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Later');
    await app.user.click(dialog.getByRole('button', { name: 'Save Draft' }));
    expect(await app.findByText('Later')).toBeInTheDocument();
    await log.settled();
    expect(log.to('/api/ruminations', 'POST').map((r) => r.body)).toEqual([
      { content: 'Later', publish: false, writtenTMS: expect.any(String) },
    ]);
  });

  test('a draft saved with nobody chosen opens to edit with nobody chosen, and Publish asks', async () => {
    const { user, token } = createUser({ username: 'abuela' });
    const draft = createRumination({
      authorId: user.id,
      content: 'Not sure yet',
      isPublished: false,
    });
    const app = await renderApp('/my-ruminations?view=drafts', { token });
    await app.user.click(await app.findByText('Not sure yet'));
    const dialog = within(await app.findByRole('dialog', { name: 'Edit Rumination' }));
    await expectNothingTicked(app, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose who can read it first.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await log.settled();
    expect(log.to(`/api/ruminations/${draft.id}`, 'PUT')).toHaveLength(0);

    await tickAudiences(app.user, dialog, 'Family');
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    await log.settled();
    expect(log.to(`/api/ruminations/${draft.id}`, 'PUT').map((r) => r.body)).toEqual([
      expect.objectContaining({ content: 'Not sure yet', audiences: ['Family'], publish: true }),
    ]);
  });

  test('a chosen default of Public still starts at Public', async () => {
    const { user, token } = createUser({ username: 'open' });
    storePreferences(user.id, { ...defaultPreferences(), defaultAudiences: [] });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    await vi.waitFor(() =>
      expect(audienceButton(dialog)).toHaveAccessibleName('Who can read it: Public'),
    );
  });
});

describe('a composer that does not know the default never falls back to Public', () => {
  test('the preferences request failing: nothing ticked, Publish waits', async () => {
    const { user, token } = createUser({ username: 'abuela' });
    // Even for a person whose default is Public: unknown is not Public.
    storePreferences(user.id, { ...defaultPreferences(), defaultAudiences: [] });
    server.use(
      http.get('*/api/account/preferences', () =>
        HttpResponse.json({ title: 'Server unavailable', status: 503 }, { status: 503 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    await preferencesRead(app);
    await expectNothingTicked(app, dialog);
    await app.user.type(dialog.getByLabelText('Content'), 'Not for everyone');
    await expectPublishWaits(app, dialog, 'Not for everyone');
  });

  test('offline before the preferences were ever read: nothing ticked; chosen, it is queued', async () => {
    const { user, token } = createUser({ username: 'abuela' });
    storePreferences(user.id, { ...defaultPreferences(), defaultAudiences: [] });
    networkDown();
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    await expectNothingTicked(app, dialog);
    await app.user.type(dialog.getByLabelText('Content'), 'Written on the train');
    await expectPublishWaits(app, dialog, 'Written on the train');

    await tickAudiences(app.user, dialog, 'Family');
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    networkUp();
    await vi.waitFor(() =>
      expect(log.to('/api/ruminations', 'POST').map((r) => r.body)).toEqual([
        expect.objectContaining({ audiences: ['Family'], publish: true }),
      ]),
    );
  });
});

describe('Settings: who reads new notes can be "Ask each time"', () => {
  function renderSetting(token: string) {
    const session = new AuthSession();
    session.signIn({ accessToken: token, requiresTosAcceptance: false, latestTosVersion: null });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider session={session}>
          <DefaultAudiencesSetting />
        </AuthProvider>
      </QueryClientProvider>,
    );
    return user;
  }

  test('a new account reads "Ask each time"; Public and asking again are saved as chosen', async () => {
    const { user: abuela, token } = createUser({ username: 'abuela' });
    const user = renderSetting(token);
    const section = within(document.body);
    expect(await section.findByRole('button', { name: 'New notes: Ask each time' })).toBeVisible();
    expect(
      section.getByText('Ask each time: you choose who reads each note before publishing it'),
    ).toBeInTheDocument();

    await openAudiencePicker(user, section, /^New notes/);
    expect(section.getByRole('checkbox', { name: 'Ask each time' })).toBeChecked();
    expect(section.getByRole('checkbox', { name: 'Public' })).not.toBeChecked();
    await user.click(section.getByRole('checkbox', { name: 'Public' }));
    expect(section.getByRole('checkbox', { name: 'Ask each time' })).not.toBeChecked();
    expect(audienceButton(section, /^New notes/)).toHaveAccessibleName('New notes: Public');
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect(await section.findByRole('status')).toHaveTextContent('Saved');
    expect(preferencesOf(abuela.id).defaultAudiences).toEqual([]);

    await openAudiencePicker(user, section, /^New notes/);
    await user.click(section.getByRole('checkbox', { name: 'Ask each time' }));
    expect(audienceButton(section, /^New notes/)).toHaveAccessibleName('New notes: Ask each time');
    await user.click(section.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(preferencesOf(abuela.id).defaultAudiences).toBeNull());
    expect(log.to('/api/account/preferences', 'PUT').map((r) => r.body)).toEqual([
      { defaultAudiences: [] },
      { defaultAudiences: null },
    ]);
  });
});
