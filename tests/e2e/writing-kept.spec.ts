import type { APIRequestContext, Page } from '@playwright/test';
import { inBothThemes } from './support/axe';
import type { TestUser } from '../server/support/test-users';
import { expect, signInAs, test } from './support/fixtures';
import {
  createRuminationViaApi,
  openOverflowMenu,
  ruminationCard,
  showMyRuminations,
  waitForServiceWorker,
} from './support/ui';

// This file is about edits kept offline, with the service worker in control of the page: a fresh
// browser context for each test, not the worker's reused one (playwright.config.ts, reuseContext):
// a service worker unregistered by the reset may still answer the next test's page without
// controlling it.
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/**
 * Nothing written is lost (issue 24), against the real server: one note edited in two browsers,
 * one of them offline, with the conflict resolved each of the three ways; delete, Undo, delete,
 * restore from /trash; the new screens (the conflict view, /trash, History) pass axe in both themes.
 */

type Choice = 'Keep mine' | 'Keep theirs' | 'Keep both';

interface Stored {
  content: string;
  isPublished: boolean;
}

async function myNotes(request: APIRequestContext, user: TestUser): Promise<Stored[]> {
  const response = await request.get('/api/ruminations/my?Limit=100', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Stored[];
}

/** Opens the note's editor and replaces its text; returns the editor. */
async function editTo(page: Page, from: string, to: string) {
  await ruminationCard(page, from).getByRole('button', { name: 'Edit rumination' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Rumination' });
  await expect(editor).toBeVisible();
  await editor.getByRole('textbox').fill(to);
  return editor;
}

for (const choice of ['Keep mine', 'Keep theirs', 'Keep both'] as const satisfies Choice[]) {
  test(`an edit sent from offline after a change elsewhere waits, and ${choice} resolves it`, async ({
    page,
    context,
    request,
    createUser,
    anotherBrowser,
  }) => {
    const alice = await createUser('alice');
    const first = `First words of ${alice.username}`;
    const mine = `Written on the laptop by ${alice.username}`;
    const theirs = `Written on the phone by ${alice.username}`;
    await createRuminationViaApi(request, alice, first);

    // The laptop edits offline: the edit waits in "Not yet sent".
    await signInAs(page, alice, '/my-ruminations');
    await expect(ruminationCard(page, first)).toBeVisible();
    await waitForServiceWorker(page);
    const laptopEditor = await editTo(page, first, first);
    await context.setOffline(true);
    await laptopEditor.getByRole('textbox').fill(mine);
    await laptopEditor.getByRole('button', { name: 'Publish' }).click();
    await expect(laptopEditor).toBeHidden();
    const pending = page.getByRole('region', { name: 'Not yet sent' });
    await expect(pending).toContainText('Waiting for the network');

    // Meanwhile the phone, online, saves another text.
    const phone = await anotherBrowser(alice, '/my-ruminations');
    const phoneEditor = await editTo(phone, first, theirs);
    await phoneEditor.getByRole('button', { name: 'Publish' }).click();
    await expect(phoneEditor).toBeHidden();
    await expect(ruminationCard(phone, theirs)).toBeVisible();

    // Back online, the laptop's edit meets the phone's: it waits for Alice, text intact.
    await context.setOffline(false);
    await expect(pending).toContainText('Changed elsewhere meanwhile');
    await expect(pending).toContainText(mine);
    expect((await myNotes(request, alice)).map((n) => n.content)).toEqual([theirs]);
    await pending.getByRole('button', { name: /^Resolve/ }).click();
    const view = page.getByRole('dialog', { name: 'Changed elsewhere' });
    await expect(view.getByRole('region', { name: 'Theirs, saved now' })).toContainText(theirs);
    await expect(view.getByRole('region', { name: 'Yours, not saved yet' })).toContainText(mine);
    if (choice === 'Keep mine') await inBothThemes(page, 'the conflict view', async () => {});

    await view.getByRole('button', { name: choice }).click();
    await expect(view).toBeHidden();
    await expect(pending).toHaveCount(0);
    const expected: Record<Choice, Stored[]> = {
      'Keep mine': [{ content: mine, isPublished: true }],
      'Keep theirs': [{ content: theirs, isPublished: true }],
      'Keep both': [
        { content: mine, isPublished: false },
        { content: theirs, isPublished: true },
      ],
    };
    await expect
      .poll(async () =>
        (await myNotes(request, alice)).map(({ content, isPublished }) => ({
          content,
          isPublished,
        })),
      )
      .toEqual(expected[choice]);
    await expect(ruminationCard(page, choice === 'Keep mine' ? mine : theirs)).toBeVisible();
  });
}

test('delete, Undo, delete again, restore from /trash; the trash and History pass axe', async ({
  page,
  request,
  createUser,
}) => {
  const alice = await createUser('alice');
  const before = `A note to lose by ${alice.username}`;
  const note = `A note worth keeping by ${alice.username}`;
  const { id } = await createRuminationViaApi(request, alice, before);
  const edit = await request.put(`/api/ruminations/${id}`, {
    headers: { Authorization: `Bearer ${alice.token}` },
    data: { content: note, publish: true },
  });
  expect(edit.status()).toBe(200);

  await signInAs(page, alice, '/my-ruminations');
  const card = ruminationCard(page, note);
  const deleteIt = async () => {
    await card.getByRole('button', { name: 'Delete rumination' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete rumination?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toHaveCount(0);
  };

  await deleteIt();
  const notice = page.getByRole('status').filter({ hasText: 'Moved to the trash' });
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(card).toBeVisible();

  await deleteIt();
  // At the journeys' 1280 px, Trash waits in the bar's menu (it is on the bar from 1440 px).
  const menu = await openOverflowMenu(page);
  await menu.getByRole('menuitem', { name: 'Trash' }).click();
  const trashed = page.getByRole('listitem').filter({ hasText: note });
  await expect(trashed).toContainText('Deleted');
  await expect(trashed).toContainText('Erased for good on');
  await inBothThemes(page, '/trash', async () => {});

  await trashed.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('The trash is empty.')).toBeVisible();
  await inBothThemes(page, 'the empty trash', async () => {});
  await page.getByRole('link', { name: 'My Ruminations' }).click();
  await showMyRuminations(page, 'Published');
  await expect(card).toBeVisible();

  // Its history came back with it.
  await card.getByRole('button', { name: /^edited/ }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByRole('heading', { name: 'Version 1' })).toBeVisible();
  await expect(history.locator('del', { hasText: 'lose' })).toBeVisible();
  await expect(history.locator('ins', { hasText: 'worth' })).toBeVisible();
  await inBothThemes(page, 'History', async () => {});
});

test('Trash is in the bar or its menu at every width, nothing runs past the edge, and it leads to the trash', async ({
  page,
  createUser,
}) => {
  const alice = await createUser('alice');
  await signInAs(page, alice, '/my-ruminations');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Ruminations' })).toBeVisible();
  for (const width of [640, 768, 900, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    // Polled: the bar moves its items into the menu once the media query has answered.
    await expect
      .poll(
        () =>
          page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        { message: `width ${width}` },
      )
      .toBe(0);
    // Up to 1440 px the bar keeps its room for the person's name and pages: Trash is in the menu.
    if (width < 1440) {
      const menu = await openOverflowMenu(page);
      await expect(menu.getByRole('menuitem', { name: 'Trash' })).toBeVisible();
      await page.keyboard.press('Escape');
    } else {
      await expect(nav.getByRole('link', { name: 'Trash' })).toBeVisible();
    }
  }
  await nav.getByRole('link', { name: 'Trash' }).click();
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
});
