import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  choosePublic,
  fillSignIn,
  newRuminationDialog,
  publishPubliclyIfAsked,
  ruminationCard,
  showMyRuminations,
} from './support/ui';

// This file is about the demo's mock backend, a service worker of another origin: a fresh browser
// context for each test, not the worker's reused one (playwright.config.ts, reuseContext).
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/**
 * Nothing written is lost (issue 24) in the demo: the same journeys as against the real server
 * (writing-kept.spec.ts), with the mock backend in the browser answering: an edit that meets a
 * change made in another tab opens the side-by-side view and Keep both keeps both; delete, Undo,
 * delete, restore from /trash; the seed's note with a history shows it.
 */

function demoURL(): string {
  const url = process.env.E2E_DEMO_URL;
  if (!url) throw new Error(`The demo build failed: ${process.env.E2E_DEMO_ERROR ?? '?'}`);
  return url;
}

async function signInToDemo(page: Page, username: string): Promise<void> {
  await page.goto(`${demoURL()}/login`);
  await fillSignIn(page, username, 'demo-pass');
  await expect(page).toHaveURL(/\/my-ruminations$/);
}

async function write(page: Page, content: string): Promise<void> {
  await page.getByRole('button', { name: 'New Rumination' }).click();
  const dialog = newRuminationDialog(page);
  await dialog.getByPlaceholder("What's on your mind?").fill(content);
  // The demo people ask each time, as new accounts do.
  await choosePublic(dialog);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await publishPubliclyIfAsked(page, dialog);
  await expect(dialog).toBeHidden();
}

test('demo: an edit meeting another tab’s change opens both side by side, and Keep both keeps both', async ({
  page,
}) => {
  await signInToDemo(page, 'leo');
  const first = 'Demo note to edit in two tabs';
  const mine = 'Written in the first tab';
  const theirs = 'Written in the second tab';
  await write(page, first);

  // The first tab opens the editor, then the second tab saves another text.
  await ruminationCard(page, first).getByRole('button', { name: 'Edit rumination' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Rumination' });
  await editor.getByRole('textbox').fill(mine);

  // A second tab of the same browser: its own session, the same demo data.
  const other = await page.context().newPage();
  await signInToDemo(other, 'leo');
  await ruminationCard(other, first).getByRole('button', { name: 'Edit rumination' }).click();
  const otherEditor = other.getByRole('dialog', { name: 'Edit Rumination' });
  await otherEditor.getByRole('textbox').fill(theirs);
  await otherEditor.getByRole('button', { name: 'Publish' }).click();
  await expect(otherEditor).toBeHidden();
  await other.close();

  // The first tab's save meets it: nothing is dropped, both are shown.
  await editor.getByRole('button', { name: 'Publish' }).click();
  const view = page.getByRole('dialog', { name: 'Changed elsewhere' });
  await expect(view.getByRole('region', { name: 'Theirs, saved now' })).toContainText(theirs);
  await expect(view.getByRole('region', { name: 'Yours, not saved yet' })).toContainText(mine);
  await view.getByRole('button', { name: 'Keep both' }).click();
  await expect(view).toBeHidden();

  await page.reload();
  await showMyRuminations(page, 'Published');
  await expect(ruminationCard(page, theirs)).toBeVisible();
  await showMyRuminations(page, 'Drafts');
  await expect(ruminationCard(page, mine)).toBeVisible();
});

test('demo: delete, Undo, delete again, restore from /trash; the seed’s note shows its history', async ({
  page,
}) => {
  await signInToDemo(page, 'maya');
  const note = 'A demo note worth keeping';
  await write(page, note);
  const card = ruminationCard(page, note);
  const deleteIt = async () => {
    await card.getByRole('button', { name: 'Delete rumination' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete rumination?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card).toHaveCount(0);
  };
  await deleteIt();
  await page
    .getByRole('status')
    .filter({ hasText: 'Moved to the trash' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(card).toBeVisible();
  await deleteIt();

  await page.goto(`${demoURL()}/trash`);
  const trashed = page.getByRole('listitem').filter({ hasText: note });
  await expect(trashed).toContainText('Erased for good on');
  await trashed.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('The trash is empty.')).toBeVisible();

  await page.goto(`${demoURL()}/my-ruminations`);
  await showMyRuminations(page, 'Published');
  await expect(card).toBeVisible();
  const seeded = ruminationCard(page, 'calling Nora');
  await seeded.getByRole('button', { name: /^edited/ }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByRole('heading', { name: 'Version 1' })).toBeVisible();
  await expect(history.getByRole('heading', { name: 'Version 2' })).toBeVisible();
});
