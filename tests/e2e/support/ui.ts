import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TestUser } from '../../server/support/test-users';
import { expect } from './fixtures';

/**
 * What a person does on the screens, by role and visible name (the spec's words), shared by the
 * journeys; and API shortcuts for arranging data in journeys that are about something else.
 */

export type AudienceName =
  'Acquaintance' | 'Family' | 'Friend' | 'BestFriend' | 'Partner' | 'Therapist';

/** Visible label of an audience (spec: BestFriend is shown as "Best Friend"). */
export function audienceLabel(name: AudienceName): string {
  return name === 'BestFriend' ? 'Best Friend' : name;
}

export const RELATION_TYPE_NUMBER: Record<AudienceName, number> = {
  Acquaintance: 0,
  Family: 1,
  Friend: 2,
  BestFriend: 3,
  Partner: 4,
  Therapist: 5,
};

/** The top navigation bar (spec: always shown). */
export function navigation(page: Page): Locator {
  return page.getByRole('navigation').first();
}

export function newRuminationDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'New Rumination' });
}

/**
 * Opens the New Rumination dialog, writes, ticks audiences and saves; waits for it to close.
 * Published with no audience, it chooses Public in the picker: new people ask each time, so a
 * public note is chosen as such, as its writer would.
 */
export async function writeRumination(
  page: Page,
  content: string,
  opts: { audiences?: AudienceName[]; publish: boolean },
): Promise<void> {
  await page.getByRole('button', { name: 'New Rumination' }).click();
  const dialog = newRuminationDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByPlaceholder("What's on your mind?").fill(content);
  if (opts.publish && !opts.audiences?.length) await choosePublic(dialog);
  else await tickAudiences(dialog, opts.audiences ?? []);
  await dialog.getByRole('button', { name: opts.publish ? 'Publish' : 'Save Draft' }).click();
  if (opts.publish && !opts.audiences?.length) await publishPubliclyIfAsked(page, dialog);
  await expect(dialog).toBeHidden();
}

/** The composer's audience picker: its button names the current choice ("Who can read it: Public"). */
export function audiencePickerButton(scope: Locator): Locator {
  return scope.getByRole('button', { name: /^Who can read it/ });
}

/** Opens the composer's picker (unless open) and ticks these audiences. */
export async function tickAudiences(composer: Locator, audiences: AudienceName[]): Promise<void> {
  if (audiences.length === 0) return;
  const button = audiencePickerButton(composer);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  for (const audience of audiences) {
    await composer.getByRole('checkbox', { name: audienceLabel(audience), exact: true }).click();
  }
}

/** Opens the composer's picker (unless open) and chooses Public, clearing any audience. */
export async function choosePublic(composer: Locator): Promise<void> {
  const button = audiencePickerButton(composer);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await composer.getByRole('checkbox', { name: 'Public', exact: true }).click();
  await expect(button).toHaveAccessibleName('Who can read it: Public');
}

/** The question an account's first public note asks once. */
export function firstPublicQuestion(page: Page): Locator {
  return page.getByRole('alertdialog', { name: 'Publish for everyone?' });
}

/**
 * After Publish with no audience: answers "Publish publicly" if this is the account's first public
 * note in this browser (else the composer just closes).
 */
export async function publishPubliclyIfAsked(page: Page, composer: Locator): Promise<void> {
  const question = firstPublicQuestion(page);
  await expect
    .poll(async () => (await question.isVisible()) || !(await composer.isVisible()))
    .toBe(true);
  if (await question.isVisible()) {
    await question.getByRole('button', { name: 'Publish publicly' }).click();
  }
}

/** A card's audience in words ("Public", "Friends and Family", "Only you"). */
export function cardAudience(card: Locator): Locator {
  return card.getByText(/^Who can read it: /).locator('..');
}

/** A rumination card: the smallest listed item that holds the content. */
export function ruminationCard(page: Page, content: string): Locator {
  return page.getByRole('article').filter({ hasText: content });
}

/**
 * A card in a list shared by every test (/public), loading more pages until it shows: tests in
 * other workers publish meanwhile and may push it off the first page.
 */
export async function findInSharedList(page: Page, content: string): Promise<Locator> {
  const card = ruminationCard(page, content);
  const more = page.getByRole('button', { name: 'Load more' });
  await expect(page.getByRole('article').first()).toBeVisible();
  for (let i = 0; i < 5 && (await card.count()) === 0 && (await more.count()) > 0; i++) {
    const shown = await page.getByRole('article').count();
    await more.click();
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(shown);
  }
  await expect(card).toBeVisible();
  return card;
}

/** Lists show a card's comment count as a button; its thread opens with it. */
export async function openComments(card: Locator): Promise<void> {
  await card.getByRole('button', { name: /^(\d+ comments?|Add a comment)$/ }).click();
}

/** The Published / Drafts toggle of My Ruminations (spec section 2): two links, one current. */
export async function showMyRuminations(page: Page, which: 'Published' | 'Drafts'): Promise<void> {
  const control = page
    .getByRole('navigation', { name: 'Published or drafts' })
    .getByRole('link', { name: which, exact: true });
  await control.click();
  await expect(control).toHaveAttribute('aria-current', 'page');
}

/** The Public / All Visible toggle of a profile. */
export async function showProfileRuminations(
  page: Page,
  which: 'Public' | 'All Visible',
): Promise<void> {
  const control = page
    .getByRole('navigation', { name: 'Public or all visible' })
    .getByRole('link', { name: which, exact: true });
  await control.click();
  await expect(control).toHaveAttribute('aria-current', 'page');
}

export async function fillSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
}

export async function signOut(page: Page): Promise<void> {
  // The signed-in part of the bar arrives in its own chunk: wait for it, whichever form it takes.
  await expect(page.getByRole('button', { name: /^(Sign Out|Open menu)$/ }).first()).toBeVisible();
  const direct = page.getByRole('button', { name: 'Sign Out' });
  if (await direct.isVisible()) {
    await direct.click();
  } else {
    await openOverflowMenu(page);
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
}

/** On small screens the signed-in actions sit in an overflow menu (spec: top navigation bar). */
export async function openOverflowMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

// ---- API shortcuts for arranging data --------------------------------------------------------

function bearer(user: TestUser) {
  return { Authorization: `Bearer ${user.token}` };
}

export async function createRuminationViaApi(
  request: APIRequestContext,
  user: TestUser,
  content: string,
  opts: { audiences?: AudienceName[]; publish?: boolean } = {},
): Promise<{ id: number }> {
  const response = await request.post('/api/ruminations', {
    headers: bearer(user),
    data: {
      content,
      publish: opts.publish ?? true,
      ...(opts.audiences?.length ? { audiences: opts.audiences } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/** PUT /api/account/preferences: any subset (a default of Public is `defaultAudiences: []`). */
export async function savePreferencesViaApi(
  request: APIRequestContext,
  user: TestUser,
  preferences: { defaultAudiences?: AudienceName[] | null; emailDigest?: string },
): Promise<void> {
  const response = await request.put('/api/account/preferences', {
    headers: bearer(user),
    data: preferences,
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function requestRelationViaApi(
  request: APIRequestContext,
  from: TestUser,
  to: TestUser,
  type: AudienceName,
): Promise<{ id: number }> {
  const response = await request.post('/api/UserRelations', {
    headers: bearer(from),
    data: { userId: to.id, relationType: RELATION_TYPE_NUMBER[type] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

export async function acceptRelationViaApi(
  request: APIRequestContext,
  receiver: TestUser,
  relationId: number,
): Promise<void> {
  const response = await request.put(`/api/UserRelations/${relationId}/accept`, {
    headers: bearer(receiver),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** `from` asks `to` for a relation of `type` and `to` accepts: the two are related. */
export async function relateViaApi(
  request: APIRequestContext,
  from: TestUser,
  to: TestUser,
  type: AudienceName,
): Promise<void> {
  const { id } = await requestRelationViaApi(request, from, to, type);
  await acceptRelationViaApi(request, to, id);
}

export async function commentViaApi(
  request: APIRequestContext,
  user: TestUser,
  target: { ruminationId: number } | { parentCommentId: number },
  content: string,
): Promise<{ id: number }> {
  const response = await request.post('/api/comments', {
    headers: bearer(user),
    data: { content, ...target },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/** Ends a relation (either side may): DELETE /api/UserRelations/{id}. */
export async function deleteRelationViaApi(
  request: APIRequestContext,
  user: TestUser,
  relationId: number,
): Promise<void> {
  const response = await request.delete(`/api/UserRelations/${relationId}`, {
    headers: bearer(user),
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Waits until the service worker controls the page: a reload then works without network, and the
 * app's code comes from its cache.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      message: 'the service worker controls the page',
    })
    .toBe(true);
}

/** The People page's search box. */
export function peopleSearch(page: Page) {
  return page.getByRole('searchbox', { name: 'Find people by name' });
}
