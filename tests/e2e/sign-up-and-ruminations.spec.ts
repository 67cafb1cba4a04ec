import { expect, test, uniqueName } from './support/fixtures';
import { fillSignIn, ruminationCard, showMyRuminations, writeRumination } from './support/ui';

test('a new person signs up, activates, signs in, drafts, publishes with audiences, edits and deletes', async ({
  page,
  app,
}) => {
  const username = uniqueName('journal');
  const email = `${username}@example.test`.toLowerCase();
  const password = 'correct horse battery';

  // Sign up on the combined form, toggled in place.
  await page.goto('/login');
  await page
    .getByRole('button', { name: /^sign up$/i })
    .first()
    .click();
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByLabel(/confirm password/i).fill(password);
  await page.getByRole('checkbox', { name: /terms of service/i }).check();
  await page
    .getByRole('button', { name: /^(sign up|create account)$/i })
    .last()
    .click();
  await expect(page.getByText(/check your email/i).first()).toBeVisible();

  // The activation email's link (printed in the server log) activates the account.
  const link = await app.emailLink('activate', username, email);
  await page.goto(link);
  await expect(page.getByText(/activated/i).first()).toBeVisible();
  await page
    .getByRole('button', { name: /sign in|log in|login/i })
    .or(page.getByRole('link', { name: /sign in|log in|login/i }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);

  await fillSignIn(page, username, password);
  await expect(page).toHaveURL(/\/my-ruminations$/);

  // A draft appears under Drafts, not under Published.
  const draft = `First thoughts of ${username}`;
  await writeRumination(page, draft, { publish: false });
  await showMyRuminations(page, 'Drafts');
  const draftCard = ruminationCard(page, draft);
  await expect(draftCard).toBeVisible();
  await expect(draftCard).toContainText('Draft');
  await showMyRuminations(page, 'Published');
  await expect(ruminationCard(page, draft)).toBeHidden();

  // Clicking the card opens editing; publishing it for friends and family moves it to Published.
  await showMyRuminations(page, 'Drafts');
  await ruminationCard(page, draft).getByText(draft).click();
  const editor = page.getByRole('dialog', { name: 'Edit Rumination' });
  await expect(editor.getByRole('textbox')).toHaveValue(draft);
  await editor.getByRole('checkbox', { name: 'Friend', exact: true }).click();
  await editor.getByRole('checkbox', { name: 'Family', exact: true }).click();
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(editor).toBeHidden();
  await expect(ruminationCard(page, draft)).toBeHidden();
  await showMyRuminations(page, 'Published');
  const published = ruminationCard(page, draft);
  await expect(published.getByRole('list', { name: 'Audiences' })).toHaveText(
    /Family\s*Friend|Friend\s*Family/,
  );

  // Editing keeps the audiences and replaces the text.
  const edited = `${draft}, edited`;
  await published.getByText(draft).click();
  await expect(editor.getByRole('checkbox', { name: 'Friend', exact: true })).toBeChecked();
  await expect(editor.getByRole('checkbox', { name: 'Partner', exact: true })).not.toBeChecked();
  await editor.getByRole('textbox').fill(edited);
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(editor).toBeHidden();
  await expect(ruminationCard(page, edited)).toBeVisible();
  await page.reload();
  await expect(ruminationCard(page, edited).getByRole('list', { name: 'Audiences' })).toContainText(
    'Friend',
  );

  // Delete asks first; then it is gone, also after a reload.
  await ruminationCard(page, edited).getByRole('button', { name: 'Delete rumination' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete rumination?' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(ruminationCard(page, edited)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'New Rumination' })).toBeVisible();
  await expect(page.getByText(edited)).toHaveCount(0);
});
