import type { Locator } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures';
import { createRuminationViaApi, openComments, ruminationCard } from './support/ui';

/** A comment's own box, without the replies nested below it. */
function ownBox(comment: Locator): Locator {
  return comment.locator(':scope > div').first();
}

test('comment, reply, edit and delete; a deleted comment is italic and has no actions', async ({
  page,
  request,
  createUsers,
  anotherBrowser,
}) => {
  const [author, reader] = await createUsers('author', 'reader');
  const thought = `A thought to talk about, by ${author.username}`;
  await createRuminationViaApi(request, author, thought);

  // The reader comments; Enter sends, Shift+Enter only starts a new line.
  await signInAs(page, reader, `/user/${author.id}`);
  const card = ruminationCard(page, thought);
  await openComments(card);
  const box = card.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('Nice one');
  await box.press('Shift+Enter');
  await box.pressSequentially('really');
  await expect(box).toHaveValue('Nice one\nreally');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const comments = card.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText(/Nice one\s+really/)).toBeVisible();

  // The author replies to it.
  const authorPage = await anotherBrowser(author, `/user/${author.id}`);
  const authorCard = ruminationCard(authorPage, thought);
  // The list says how many comments the card has; the thread opens from there.
  await expect(authorCard.getByRole('button', { name: '1 comment' })).toBeVisible();
  await openComments(authorCard);
  await authorCard.getByRole('button', { name: 'Reply' }).click();
  await authorCard.getByRole('textbox', { name: `Reply to ${reader.username}` }).fill('Thank you!');
  await authorCard.getByRole('button', { name: 'Reply', exact: true }).last().click();
  await expect(
    authorCard.getByRole('list', { name: `Replies to ${reader.username}` }),
  ).toContainText('Thank you!');
  // The author of the rumination may delete others' comments on it, but not edit them.
  const readerComment = ownBox(
    authorCard.getByRole('listitem').filter({ hasText: 'Nice one' }).first(),
  );
  await expect(readerComment.getByRole('button', { name: 'Reply' })).toBeVisible();
  await expect(readerComment.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await expect(readerComment.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await authorPage.context().close();

  // The reader edits their comment.
  await page.reload();
  await openComments(card);
  const mine = comments.getByRole('listitem').filter({ hasText: 'Nice one' }).first();
  await expect(mine).toContainText('Thank you!');
  await mine.getByRole('button', { name: 'Edit', exact: true }).first().click();
  const editBox = card.getByRole('textbox', { name: 'Edit comment' });
  await editBox.fill('Nice one, edited');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(comments.getByText('Nice one, edited')).toBeVisible();

  // And deletes it, after confirming.
  await mine.getByRole('button', { name: 'Delete', exact: true }).first().click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this comment?');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(comments.getByText('Nice one, edited')).toHaveCount(0);

  // Deleted: shown in italics, without edit, delete or reply; the reply below it stays.
  const deleted = comments
    .getByRole('listitem')
    .filter({ hasText: /deleted/i })
    .first();
  const deletedText = deleted.getByText(/deleted/i).first();
  await expect(deletedText).toHaveCSS('font-style', 'italic');
  await expect(ownBox(deleted).getByRole('button')).toHaveCount(0);
  await expect(deleted).toContainText('Thank you!');
  await page.reload();
  // A deleted comment is not counted: one reply is left.
  await expect(card.getByRole('button', { name: '1 comment' })).toBeVisible();
  await openComments(card);
  await expect(
    comments
      .getByRole('listitem')
      .filter({ hasText: /deleted/i })
      .first(),
  ).toBeVisible();
});

test('signed out, comments are for signed-in people: "Log in to add a comment."', async ({
  page,
  request,
  createUser,
}) => {
  const author = await createUser('author');
  const thought = `Visitors can read this, by ${author.username}`;
  await createRuminationViaApi(request, author, thought);

  await page.goto(`/user/${author.id}`);
  const card = ruminationCard(page, thought);
  await expect(card).toBeVisible();
  await expect(card.getByText('Log in to add a comment.')).toBeVisible();
  await expect(card.getByRole('textbox')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Reply' })).toHaveCount(0);
});
