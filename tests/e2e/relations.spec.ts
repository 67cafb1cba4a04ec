import { expect, signInAs, test } from './support/fixtures';
import {
  createRuminationViaApi,
  findInSharedList,
  relateViaApi,
  ruminationCard,
  showProfileRuminations,
} from './support/ui';

test('a Friend request, accepted, shows Friend-only ruminations to the friend alone, until deleted', async ({
  page,
  request,
  createUsers,
  anotherBrowser,
}) => {
  const [author, friend, stranger] = await createUsers('author', 'friend', 'stranger');
  const friendsOnly = `Only my friends may read this, says ${author.username}`;
  const everyone = `Anybody may read this, says ${author.username}`;
  await createRuminationViaApi(request, author, friendsOnly, { audiences: ['Friend'] });
  await createRuminationViaApi(request, author, everyone);

  // The friend asks for a Friend relation on the author's profile.
  await signInAs(page, friend, `/user/${author.id}`);
  await expect(page.getByRole('heading', { name: author.username })).toBeVisible();
  const relations = page.getByRole('region', { name: 'Relations' });
  await relations.getByLabel('Relation type').selectOption({ label: 'Friend' });
  await relations.getByRole('button', { name: 'Request relation' }).click();
  const pending = relations.getByRole('listitem', { name: 'Friend relation' });
  await expect(pending).toContainText('Pending: awaiting their answer');
  // A type already in use is not offered again.
  await expect(
    relations.getByLabel('Relation type').locator('option', { hasText: /^Friend$/ }),
  ).toHaveCount(0);

  // Before the author accepts, the feed has nothing of theirs that is for friends.
  await page.goto('/my-feed');
  await expect(page.getByText(friendsOnly)).toHaveCount(0);

  // The author accepts on the friend's profile.
  const authorPage = await anotherBrowser(author, `/user/${friend.id}`);
  const incoming = authorPage.getByRole('region', { name: 'Relations' }).getByRole('listitem', {
    name: 'Friend relation',
  });
  await expect(incoming).toContainText('Pending: awaiting your answer');
  await incoming.getByRole('button', { name: 'Accept Friend relation' }).click();
  await expect(incoming).toContainText('Accepted');
  await authorPage.context().close();

  // Now the friend's feed shows it.
  await page.reload();
  await expect(ruminationCard(page, friendsOnly)).toBeVisible();
  await expect(ruminationCard(page, everyone)).toBeVisible();

  // A third person's feed does not, although they are the author's acquaintance.
  await relateViaApi(request, author, stranger, 'Acquaintance');
  const strangerPage = await anotherBrowser(stranger, '/my-feed');
  await expect(ruminationCard(strangerPage, everyone)).toBeVisible();
  await expect(strangerPage.getByText(friendsOnly)).toHaveCount(0);
  await strangerPage.context().close();

  // Nor does the public page, or the author's profile for a visitor.
  const visitorPage = await anotherBrowser();
  await visitorPage.goto(`/user/${author.id}`);
  await expect(ruminationCard(visitorPage, everyone)).toBeVisible();
  await expect(visitorPage.getByText(friendsOnly)).toHaveCount(0);
  await visitorPage.goto('/public');
  await findInSharedList(visitorPage, everyone);
  await expect(visitorPage.getByText(friendsOnly)).toHaveCount(0);
  await visitorPage.context().close();

  // Deleting the relation hides it from the friend again.
  await page.goto(`/user/${author.id}`);
  const accepted = page.getByRole('region', { name: 'Relations' }).getByRole('listitem', {
    name: 'Friend relation',
  });
  await expect(accepted).toContainText('Accepted');
  await accepted.getByRole('button', { name: 'Delete Friend relation' }).click();
  await expect(accepted).toHaveCount(0);
  await page.goto('/my-feed');
  await expect(page.getByRole('button', { name: 'New Rumination' })).toBeVisible();
  await expect(page.getByText(friendsOnly)).toHaveCount(0);
});

test('Therapist goes one way: the therapist sees the patient as "Patient" and reads their Therapist-only notes, not the reverse', async ({
  page,
  request,
  createUsers,
  anotherBrowser,
}) => {
  const [patient, therapist] = await createUsers('patient', 'therapist');
  const patientNote = `For my therapist only, from ${patient.username}`;
  const therapistNote = `For my own therapist only, from ${therapist.username}`;
  const therapistPublic = `Open to all, from ${therapist.username}`;
  await createRuminationViaApi(request, patient, patientNote, { audiences: ['Therapist'] });
  await createRuminationViaApi(request, therapist, therapistNote, { audiences: ['Therapist'] });
  await createRuminationViaApi(request, therapist, therapistPublic);

  // The patient names the other person their therapist.
  await signInAs(page, patient, `/user/${therapist.id}`);
  const relations = page.getByRole('region', { name: 'Relations' });
  await relations.getByLabel('Relation type').selectOption({ label: 'Therapist' });
  await relations.getByRole('button', { name: 'Request relation' }).click();
  await expect(relations.getByRole('listitem', { name: 'Therapist relation' })).toContainText(
    'Pending: awaiting their answer',
  );

  // The therapist sees the request labelled "Patient" and accepts it.
  const therapistPage = await anotherBrowser(therapist, `/user/${patient.id}`);
  const therapistSide = therapistPage.getByRole('region', { name: 'Relations' });
  const asPatient = therapistSide.getByRole('listitem', { name: 'Patient relation' });
  await expect(asPatient).toContainText('Patient');
  await expect(therapistSide.getByRole('listitem', { name: 'Therapist relation' })).toHaveCount(0);
  await asPatient.getByRole('button', { name: 'Accept Patient relation' }).click();
  await expect(asPatient).toContainText('Accepted');

  // The therapist's feed shows the patient's Therapist-only note.
  await therapistPage.goto('/my-feed');
  await expect(ruminationCard(therapistPage, patientNote)).toBeVisible();
  await therapistPage.context().close();

  // The patient's side still says "Therapist"; their feed has the therapist's public note only.
  await page.reload();
  await expect(relations.getByRole('listitem', { name: 'Therapist relation' })).toContainText(
    'Accepted',
  );
  await page.goto('/my-feed');
  await expect(ruminationCard(page, therapistPublic)).toBeVisible();
  await expect(page.getByText(therapistNote)).toHaveCount(0);
  // And on the therapist's profile, with everything visible to them, still not.
  await page.goto(`/user/${therapist.id}`);
  await showProfileRuminations(page, 'All Visible');
  await expect(ruminationCard(page, therapistPublic)).toBeVisible();
  await expect(page.getByText(therapistNote)).toHaveCount(0);
});
