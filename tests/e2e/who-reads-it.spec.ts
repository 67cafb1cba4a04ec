import { inBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import {
  audiencePickerButton,
  cardAudience,
  firstPublicQuestion,
  newRuminationDialog,
  relateViaApi,
  ruminationCard,
  showMyRuminations,
} from './support/ui';

/**
 * Who reads it (issue 25), as a new person meets it against the real server: the composer says
 * who will read a note before it is published (nobody chosen yet for a new person, issue 39), the
 * default is changed in Settings and kept on the server, and the first public note asks once.
 */

test.describe.configure({ timeout: 120_000 });

const PUBLIC_WORDS = 'Public: anyone, even without an account';

test('a new person sees who will read a note, changes the default, and is asked once before going public', async ({
  page,
  request,
  createUser,
}) => {
  const jose = await createUser('jose');
  const friend = await createUser('ana');
  const family = await createUser('carlos');
  await relateViaApi(request, jose, friend, 'Friend');
  await relateViaApi(request, family, jose, 'Family');
  await signInAs(page, jose, '/my-ruminations');

  // Before publishing, the composer says it: nobody chosen yet for a new person (never Public by
  // default), a draft only for you.
  await page.getByRole('button', { name: 'New Rumination' }).click();
  const composer = newRuminationDialog(page);
  await expect(composer.getByText('Save Draft: only you.')).toBeVisible();
  await expect(audiencePickerButton(composer)).toHaveAccessibleName(
    'Who can read it: Not chosen yet',
  );

  await inBothThemes(page, 'the composer with its audience picker open', async () => {
    await audiencePickerButton(composer).click();
    await expect(composer.getByRole('checkbox', { name: 'Friend', exact: true })).toBeVisible();
  });
  await composer.getByRole('button', { name: 'Close' }).click();
  await expect(composer).toBeHidden();

  // Settings → Who reads new notes: Friend and Family, kept on the server.
  await page.goto('/settings');
  const setting = page.getByRole('region', { name: 'Who reads new notes' });
  await expect(setting.getByRole('button', { name: 'New notes: Ask each time' })).toBeVisible();
  await setting.getByRole('button', { name: /^New notes/ }).click();
  await setting.getByRole('checkbox', { name: 'Friend', exact: true }).click();
  await setting.getByRole('checkbox', { name: 'Family', exact: true }).click();
  await inBothThemes(page, 'the settings section with its picker open', async () => {
    await expect(setting.getByRole('checkbox', { name: 'Family', exact: true })).toBeChecked();
  });
  await setting.getByRole('button', { name: 'Save' }).click();
  await expect(setting.getByRole('status')).toHaveText('Saved');

  // A new composer (after a reload: read from the server) starts from it.
  await page.goto('/my-ruminations');
  await page.getByRole('button', { name: 'New Rumination' }).click();
  // The people by name: the friend first (closer), then the family.
  await expect(composer.getByText('Save Draft: only you.').locator('..')).toContainText(
    `Publish:${friend.username} and ${family.username}: your Friends and Family.`,
  );
  const forPeople = `For my people, from ${jose.username}`;
  await composer.getByPlaceholder("What's on your mind?").fill(forPeople);
  await composer.getByRole('button', { name: 'Publish' }).click();
  await expect(composer).toBeHidden();
  await expect(cardAudience(ruminationCard(page, forPeople))).toHaveText(
    'Who can read it: Friends and Family',
  );

  // Public on purpose: asked once, nothing sent before the answer.
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/ruminations') {
      posts.push(request.url());
    }
  });
  await page.getByRole('button', { name: 'New Rumination' }).click();
  const forAll = `For everyone, from ${jose.username}`;
  await composer.getByPlaceholder("What's on your mind?").fill(forAll);
  await audiencePickerButton(composer).click();
  await composer.getByRole('checkbox', { name: 'Public' }).click();
  await expect(composer.getByText(`${PUBLIC_WORDS}.`)).toBeVisible();
  await composer.getByRole('button', { name: 'Publish' }).click();
  const question = firstPublicQuestion(page);
  await expect(question).toContainText('Anyone can read a public note, even without an account');
  expect(posts).toHaveLength(0);
  await question.getByRole('button', { name: 'Publish publicly' }).click();
  await expect(composer).toBeHidden();
  await expect(cardAudience(ruminationCard(page, forAll))).toHaveText('Who can read it: Public');

  // Not a second time.
  await page.getByRole('button', { name: 'New Rumination' }).click();
  const again = `Public again, from ${jose.username}`;
  await composer.getByPlaceholder("What's on your mind?").fill(again);
  await audiencePickerButton(composer).click();
  await composer.getByRole('checkbox', { name: 'Public' }).click();
  await composer.getByRole('button', { name: 'Publish' }).click();
  await expect(composer).toBeHidden();
  await expect(question).toBeHidden();
  await expect(ruminationCard(page, again)).toBeVisible();

  // A draft says "Only you".
  await showMyRuminations(page, 'Drafts');
  await page.getByRole('button', { name: 'New Rumination' }).click();
  const draft = `Not yet, from ${jose.username}`;
  await composer.getByPlaceholder("What's on your mind?").fill(draft);
  await composer.getByRole('button', { name: 'Save Draft' }).click();
  await expect(composer).toBeHidden();
  await expect(cardAudience(ruminationCard(page, draft))).toHaveText('Who can read it: Only you');
});
