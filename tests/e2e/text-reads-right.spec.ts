import type { Locator } from '@playwright/test';
import { inBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import { commentViaApi, createRuminationViaApi, ruminationCard } from './support/ui';

/** The computed direction and alignment of an element, as a reader's eye meets it. */
async function layoutOf(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { direction: style.direction, textAlign: style.textAlign };
  });
}

const ARABIC = 'كان يوما طويلا ولكنه جميل في الحديقة.';
const HEBREW = 'היום הלכתי לים עם כל המשפחה.';

test('a table, a task list and an Arabic paragraph render right; a Hebrew note reads right to left', async ({
  page,
  request,
  createUser,
}) => {
  const author = await createUser('rtl');
  const marker = `Week of ${author.username}`;
  const { id } = await createRuminationViaApi(
    request,
    author,
    [
      `# ${marker}`,
      '| Day | Mood |\n| --- | --- |\n| Monday | calm |\n| Tuesday | busy |',
      '- [x] water the plants\n- [ ] call Grandma',
      'An English sentence, then ~~nothing~~ an Arabic one:',
      ARABIC,
    ].join('\n\n'),
  );
  await createRuminationViaApi(request, author, HEBREW);

  await page.goto(`/user/${author.id}`);
  const card = ruminationCard(page, marker);
  // GFM arrives with the lazy renderer, after the page has loaded.
  const table = card.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Day', 'Mood']);
  await expect(table.getByRole('cell')).toHaveText(['Monday', 'calm', 'Tuesday', 'busy']);
  const boxes = card.getByRole('checkbox');
  await expect(boxes).toHaveCount(2);
  await expect(boxes.nth(0)).toBeDisabled();
  await expect(boxes.nth(1)).toBeDisabled();
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(1)).not.toBeChecked();
  await expect(card.locator('del')).toHaveText('nothing');

  const arabic = card.getByText(ARABIC);
  expect(await layoutOf(arabic)).toEqual({ direction: 'rtl', textAlign: 'start' });
  // The English paragraph beside it stays left to right.
  const english = card.getByText(/^An English sentence/);
  expect((await layoutOf(english)).direction).toBe('ltr');
  // Right-aligned on screen: the Arabic line ends at the right edge of the text column.
  const [arabicBox, columnBox] = await Promise.all([arabic.boundingBox(), english.boundingBox()]);
  expect(arabicBox && columnBox).toBeTruthy();
  expect(
    Math.abs(arabicBox!.x + arabicBox!.width - (columnBox!.x + columnBox!.width)),
  ).toBeLessThan(2);

  const hebrew = ruminationCard(page, HEBREW).getByText(HEBREW);
  expect(await layoutOf(hebrew)).toEqual({ direction: 'rtl', textAlign: 'start' });

  // A note's page is named after its author.
  await page.goto(`/rumination/${id}`);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page).toHaveTitle(`${author.username}'s note · Ruminations`);
});

test('a table scrolls sideways inside the note on a phone, not the page', async ({
  page,
  request,
  createUser,
}) => {
  const author = await createUser('wide');
  const cells = Array.from({ length: 8 }, (_, index) => `Column number ${index + 1}`);
  const { id } = await createRuminationViaApi(
    request,
    author,
    `| ${cells.join(' | ')} |\n|${' --- |'.repeat(8)}\n| ${cells.join(' | ')} |`,
  );
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/rumination/${id}`);
  await expect(page.getByRole('table')).toBeVisible();
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    box: (() => {
      const box = document.querySelector('.note-table-scroll')!;
      return box.scrollWidth - box.clientWidth;
    })(),
  }));
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.box).toBeGreaterThan(0);
});

test('pages name themselves in the tab; an unknown address says "Page not found" with a way back', async ({
  page,
  createUser,
}) => {
  await page.goto('/public');
  await expect(page).toHaveTitle('Public · Ruminations');
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Ruminations');

  for (const path of ['/no/such/page', '/rumination/abc', '/user/abc']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Ruminations');
  }
  await page.getByRole('link', { name: 'Go to Public Ruminations' }).click();
  await expect(page).toHaveURL(/\/public$/);

  const person = await createUser('titled');
  await signInAs(page, person, '/my-ruminations');
  await expect(page).toHaveTitle('My Ruminations · Ruminations');
  await page.goto('/settings');
  await expect(page).toHaveTitle('Settings · Ruminations');
  await page.goto('/trash');
  await expect(page).toHaveTitle('Trash · Ruminations');
});

test('axe: a note with a table, a task list and Arabic, and the not-found page, in both themes', async ({
  page,
  request,
  createUser,
}) => {
  const author = await createUser('axe');
  const { id } = await createRuminationViaApi(
    request,
    author,
    `## Plans\n\n| Day | Mood |\n| --- | --- |\n| Monday | calm |\n\n- [x] done\n- [ ] to do\n\n${ARABIC}\n\nsee https://example.com`,
  );
  await inBothThemes(page, 'a note with GFM and Arabic', async () => {
    await page.goto(`/rumination/${id}`);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(2);
  });
  await inBothThemes(page, 'the not-found page', async () => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test("a notification quotes the note's first line and leads to the comment itself", async ({
  page,
  request,
  createUser,
}) => {
  const author = await createUser('quoted');
  const reader = await createUser('commenter');
  const note = await createRuminationViaApi(
    request,
    author,
    `## A **long** walk by the sea\n\nThe rest of it.`,
  );
  await commentViaApi(request, reader, { ruminationId: note.id }, 'First!');
  const { id: commentId } = await commentViaApi(
    request,
    reader,
    { ruminationId: note.id },
    'The one the link leads to',
  );

  await signInAs(page, author, '/notifications');
  await expect(page).toHaveTitle('Notifications · Ruminations');
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByText('A long walk by the sea')).toHaveCount(2);
  const link = list.getByRole('link', { name: `${reader.username} commented on your rumination` });
  await expect(link.first()).toHaveAttribute('href', `/rumination/${note.id}#comment-${commentId}`);
  await inBothThemes(page, '/notifications with first lines', async () => {
    await page.goto('/notifications');
    await expect(list.getByText('A long walk by the sea')).toHaveCount(2);
  });

  await link.first().click();
  const comment = page.locator(`#comment-${commentId}`);
  await expect(comment).toBeFocused();
  await expect(comment).toContainText('The one the link leads to');
  await expect(comment).toBeInViewport();
});
