import { expect, test, uniqueName } from './support/fixtures';
import {
  audiencePickerButton,
  cardAudience,
  fillSignIn,
  newRuminationDialog,
  ruminationCard,
  showMyRuminations,
  tickAudiences,
  writeRumination,
} from './support/ui';

test('a new person signs up, activates, signs in, drafts, publishes with audiences, edits and deletes', async ({
  page,
  app,
}) => {
  const username = uniqueName('journal');
  const email = `${username}@example.test`.toLowerCase();
  const password = 'correct horse battery';

  // Sign up on the combined form, toggled in place.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('something else');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText('You must accept the Terms of Service to continue')).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Not active yet: signing in is refused.
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await fillSignIn(page, username, password);
  await expect(page.getByText('Account is not activated')).toBeVisible();

  // The activation email's link (printed in the server log) activates the account.
  const link = await app.emailLink('activate', username, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Account activated' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await fillSignIn(page, username, password);
  await expect(page).toHaveURL(/\/my-ruminations$/);

  // The dialog's buttons wait for content; closing it with text asks first, and Discard forgets it.
  await page.getByRole('button', { name: 'New Rumination' }).click();
  const dialog = newRuminationDialog(page);
  const content = dialog.getByPlaceholder("What's on your mind?");
  await expect(dialog.getByRole('button', { name: 'Save Draft' })).toBeDisabled();
  await content.fill('   ');
  await expect(dialog.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await content.fill('Never mind');
  await expect(dialog.getByRole('button', { name: 'Publish' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard what you wrote?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'New Rumination' }).click();
  await expect(content).toHaveValue('');
  await dialog.getByRole('button', { name: 'Close' }).click();

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
  await tickAudiences(editor, ['Friend', 'Family']);
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(editor).toBeHidden();
  await expect(ruminationCard(page, draft)).toBeHidden();
  await showMyRuminations(page, 'Published');
  const published = ruminationCard(page, draft);
  await expect(cardAudience(published)).toHaveText('Who can read it: Friends and Family');

  // Editing keeps the audiences and replaces the text.
  const edited = `${draft}, edited`;
  await published.getByText(draft).click();
  await audiencePickerButton(editor).click();
  await expect(editor.getByRole('checkbox', { name: 'Friend', exact: true })).toBeChecked();
  await expect(editor.getByRole('checkbox', { name: 'Partner', exact: true })).not.toBeChecked();
  await editor.getByRole('textbox').fill(edited);
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(editor).toBeHidden();
  await expect(ruminationCard(page, edited)).toBeVisible();
  await page.reload();
  await expect(cardAudience(ruminationCard(page, edited))).toContainText('Friends and Family');

  // Delete asks first; then it is gone, also after a reload.
  await ruminationCard(page, edited).getByRole('button', { name: 'Delete rumination' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete rumination?' });
  await expect(confirm).toContainText('It moves to the trash, where you can restore it.');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(ruminationCard(page, edited)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'New Rumination' })).toBeVisible();
  await expect(page.getByText(edited)).toHaveCount(0);
});
