import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '../../../mocks/node';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { preferencesOf, storePreferences } from '../../../mocks/store/preferences';
import { AuthProvider } from '../../../src/features/auth/auth-context';
import { AuthSession } from '../../../src/features/auth/auth-session';
import { DefaultAudiencesSetting } from '../../../src/features/preferences/default-audiences-setting';
import { createQueryClient } from '../../../src/lib/query-client';
import { defaultPreferences } from '../../../src/domain/preferences';
import { renderApp } from '../../support/render-app';
import { networkDown, networkUp } from '../../support/network';
import {
  audienceButton,
  choosePublic,
  openAudiencePicker,
  publishPubliclyWhenAsked,
  tickAudiences,
} from '../ruminations/audience-picker';
import { logRequests } from '../ruminations/request-log';
import { relate } from '../../support/store-people';
import { warmUpLazyModules } from '../ruminations/warm-up';

const log = logRequests();
warmUpLazyModules();

type App = Awaited<ReturnType<typeof renderApp>>;

async function openNew(app: App) {
  await app.user.click(await app.findByRole('button', { name: 'New Rumination' }));
  return within(await app.findByRole('dialog', { name: 'New Rumination' }));
}

const PUBLIC_WORDS = 'Public: anyone, even without an account';

describe('the composer says who will read the note', () => {
  test('in words, before anything is published: public, then the people ticked in the picker', async () => {
    const jose = createUser({ username: 'jose' });
    const { user, token } = jose;
    relate(jose, createUser({ username: 'ana', displayName: 'Ana' }), 2);
    relate(createUser({ username: 'carlos', displayName: 'Carlos' }), jose, 1);
    // A chosen default of Public (a new account asks each time: ask-each-time.test.tsx).
    storePreferences(user.id, { ...defaultPreferences(), defaultAudiences: [] });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);

    expect(await dialog.findByText(`${PUBLIC_WORDS}.`)).toBeInTheDocument();
    expect(dialog.getByText('Save Draft: only you.')).toBeInTheDocument();
    // One control: the checkboxes wait behind the picker's button, which shows the choice.
    expect(dialog.queryByRole('checkbox', { name: 'Friend' })).not.toBeInTheDocument();
    expect(audienceButton(dialog)).toHaveAccessibleName('Who can read it: Public');
    expect(audienceButton(dialog)).toHaveAttribute('aria-expanded', 'false');

    await tickAudiences(app.user, dialog, 'Friend', 'Family');
    // The people, by name (who-will-read.test.tsx says the rest of how).
    expect(
      await dialog.findByText(
        (_, element) =>
          element?.textContent === 'Ana and Carlos: your Friends and Family.' &&
          ![...element.children].some((child) => child.textContent === element.textContent),
      ),
    ).toBeInTheDocument();
    expect(audienceButton(dialog)).toHaveAccessibleName('Who can read it: Friends and Family');
    expect(dialog.getByRole('checkbox', { name: 'Public' })).not.toBeChecked();

    // "Public" clears them.
    await app.user.click(dialog.getByRole('checkbox', { name: 'Public' }));
    expect(dialog.getByRole('checkbox', { name: 'Public' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Friend' })).not.toBeChecked();
    expect(dialog.getByText(`${PUBLIC_WORDS}.`)).toBeInTheDocument();
  });

  test('the picker works from the keyboard', async () => {
    const { token } = createUser({ username: 'jose' });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    audienceButton(dialog).focus();
    await app.user.keyboard('{Enter}');
    expect(audienceButton(dialog)).toHaveAttribute('aria-expanded', 'true');
    dialog.getByRole('checkbox', { name: 'Partner' }).focus();
    await app.user.keyboard(' ');
    expect(dialog.getByRole('checkbox', { name: 'Partner' })).toBeChecked();
    expect(audienceButton(dialog)).toHaveAccessibleName('Who can read it: Partner');
  });

  test("a new note starts from the person's default audiences; a kept draft keeps its own", async () => {
    const { user, token } = createUser({ username: 'jose' });
    storePreferences(user.id, { ...preferencesOf(user.id), defaultAudiences: [1, 2] });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);

    // Nobody in them yet, and the composer says so.
    expect(
      await dialog.findByText('You have no Friends or Family yet: only you will see this note.'),
    ).toBeInTheDocument();
    await app.user.type(dialog.getByLabelText('Content'), 'For the people close to me');
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    await log.settled();
    expect(log.to('/api/ruminations', 'POST').map((r) => r.body)).toEqual([
      expect.objectContaining({ audiences: ['Family', 'Friend'], publish: true }),
    ]);
    // No question: it was not public.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe("an account's first public note asks once", () => {
  test('nothing is sent before the answer; "Choose who reads it" goes back to the open picker', async () => {
    const { token } = createUser({ username: 'jose' });
    const app = await renderApp('/my-ruminations', { token });
    let dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Hello, world');
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));

    const question = await app.findByRole('alertdialog', { name: 'Publish for everyone?' });
    expect(question).toHaveTextContent(
      'Anyone can read a public note, even without an account, and it can be found from your profile.',
    );
    await log.settled();
    expect(log.to('/api/ruminations', 'POST')).toHaveLength(0);
    await app.user.click(within(question).getByRole('button', { name: 'Choose who reads it' }));
    expect(app.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(audienceButton(dialog)).toHaveAttribute('aria-expanded', 'true');
    expect(log.to('/api/ruminations', 'POST')).toHaveLength(0);

    // Asked once: publishing publicly now sends at once, and so does the next note.
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(log.to('/api/ruminations', 'POST')).toHaveLength(1));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Hello again');
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(log.to('/api/ruminations', 'POST')).toHaveLength(2));
    expect(app.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('"Publish publicly" publishes; a person with public notes already is not asked', async () => {
    const { token } = createUser({ username: 'jose' });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    await app.user.type(dialog.getByLabelText('Content'), 'Hello, world');
    await choosePublic(app.user, dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await publishPubliclyWhenAsked(app.user);
    expect(await app.findByText('Hello, world')).toBeInTheDocument();

    const { user: old, token: oldToken } = createUser({ username: 'veteran' });
    createRumination({ authorId: old.id, content: 'Long public already' });
    app.unmount();
    const other = await renderApp('/my-ruminations', { token: oldToken });
    expect(await other.findByText('Long public already')).toBeInTheDocument();
    const second = await openNew(other);
    await other.user.type(second.getByLabelText('Content'), 'One more');
    await choosePublic(other.user, second);
    await other.user.click(second.getByRole('button', { name: 'Publish' }));
    expect(await other.findByText('One more')).toBeInTheDocument();
    expect(other.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('every card shows who can read it, for its author and its readers', () => {
  test('Public, the people in words, or Only you on a draft', async () => {
    const { user: author, token } = createUser({ username: 'jose' });
    createRumination({ authorId: author.id, content: 'To the world' });
    createRumination({ authorId: author.id, content: 'To my people', audiences: [2, 1] });
    createRumination({ authorId: author.id, content: 'Not yet', isPublished: false });
    const app = await renderApp('/my-ruminations', { token });
    const card = async (text: string) =>
      (await app.findByText(text)).closest('article') as HTMLElement;
    expect(await card('To the world')).toHaveTextContent('Who can read it: Public');
    expect(await card('To my people')).toHaveTextContent('Who can read it: Friends and Family');
    app.unmount();

    const drafts = await renderApp('/my-ruminations?view=drafts', { token });
    expect(
      ((await drafts.findByText('Not yet')).closest('article') as HTMLElement).textContent,
    ).toContain('Who can read it: Only you');
    drafts.unmount();

    // A visitor reads the same words.
    const visitor = await renderApp('/public');
    expect(
      ((await visitor.findByText('To the world')).closest('article') as HTMLElement).textContent,
    ).toContain('Who can read it: Public');
  });
});

describe('a note written offline keeps the time it was written', () => {
  test('the queued write carries writtenTMS, the time Publish was pressed, when sent later', async () => {
    const { user, token } = createUser({ username: 'jose' });
    storePreferences(user.id, { ...defaultPreferences(), defaultAudiences: [2] });
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    expect(
      await dialog.findByText('You have no Friends yet: only you will see this note.'),
    ).toBeInTheDocument();
    await app.user.type(dialog.getByLabelText('Content'), 'Written on the train');
    networkDown();
    const pressed = Date.now();
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(app.queryByRole('dialog')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    networkUp();

    await vi.waitFor(() => expect(log.to('/api/ruminations', 'POST')).toHaveLength(1));
    await log.settled();
    const [body] = log.to('/api/ruminations', 'POST').map((r) => r.body as { writtenTMS: string });
    const written = Date.parse(body!.writtenTMS);
    expect(written).toBeGreaterThanOrEqual(pressed - 1_000);
    expect(written).toBeLessThan(pressed + 1_000);
  });

  test('refused as out of range, it is sent once more without it, so nothing is lost', async () => {
    const { user, token } = createUser({ username: 'jose' });
    storePreferences(user.id, { ...defaultPreferences(), defaultAudiences: [2] });
    let refused = 0;
    server.use(
      http.post('*/api/ruminations', async ({ request }) => {
        const body = (await request.clone().json()) as { writtenTMS?: string };
        if (body.writtenTMS === undefined) return undefined;
        refused += 1;
        return HttpResponse.json(
          { title: 'Out of range', status: 400, errors: { writtenTMS: ['Out of range'] } },
          { status: 400 },
        );
      }),
    );
    const app = await renderApp('/my-ruminations', { token });
    const dialog = await openNew(app);
    expect(
      await dialog.findByText('You have no Friends yet: only you will see this note.'),
    ).toBeInTheDocument();
    await app.user.type(dialog.getByLabelText('Content'), 'Clock far off');
    await app.user.click(dialog.getByRole('button', { name: 'Publish' }));
    expect(await app.findByText('Clock far off')).toBeInTheDocument();
    expect(refused).toBe(1);
  });
});

describe('Settings: who reads new notes', () => {
  function renderSetting(token: string) {
    const session = new AuthSession();
    session.signIn({ accessToken: token, requiresTosAcceptance: false, latestTosVersion: null });
    const queryClient = createQueryClient();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider session={session}>
          <DefaultAudiencesSetting />
        </AuthProvider>
      </QueryClientProvider>,
    );
    return { user, queryClient };
  }

  test('shows the stored choice, saves a new one with PUT and says "Saved"', async () => {
    const { user: jose, token } = createUser({ username: 'jose' });
    storePreferences(jose.id, { ...defaultPreferences(), defaultAudiences: [] });
    const { user } = renderSetting(token);
    expect(await screen.findByText(PUBLIC_WORDS)).toBeInTheDocument();
    const section = within(document.body);
    expect(section.getByRole('button', { name: 'Save' })).toBeDisabled();

    await openAudiencePicker(user, section, /^New notes: Public/);
    await user.click(section.getByRole('checkbox', { name: 'Friend' }));
    await user.click(section.getByRole('checkbox', { name: 'Family' }));
    expect(audienceButton(section, /^New notes/)).toHaveAccessibleName(
      'New notes: Friends and Family',
    );
    await user.click(section.getByRole('button', { name: 'Save' }));

    expect(await section.findByRole('status')).toHaveTextContent('Saved');
    expect(preferencesOf(jose.id).defaultAudiences).toEqual([1, 2]);
    expect(log.to('/api/account/preferences', 'PUT').map((r) => r.body)).toEqual([
      { defaultAudiences: ['Family', 'Friend'] },
    ]);
  });

  test('says the error when saving fails', async () => {
    const { user: jose, token } = createUser({ username: 'jose' });
    storePreferences(jose.id, { ...defaultPreferences(), defaultAudiences: [] });
    server.use(
      http.put('*/api/account/preferences', () =>
        HttpResponse.json({ title: 'Server unavailable', status: 503 }, { status: 503 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderSetting(token);
    const section = within(document.body);
    await section.findByText(PUBLIC_WORDS);
    await openAudiencePicker(user, section, /^New notes/);
    await user.click(section.getByRole('checkbox', { name: 'Partner' }));
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Server unavailable');
    expect(section.getByRole('status')).not.toHaveTextContent('Saved');
  });
});
