import { dayOneZip } from '../support/day-one-export';
import { expect, signInAs, test } from './support/fixtures';
import { ruminationCard } from './support/ui';

/**
 * Memories and bringing a journal (api-contract.md "Memories" and "Bring your journal"), as a person
 * in Madrid: Settings → Bring your journal takes a Day One export; My Ruminations then says what they
 * wrote on this day years ago; the calendar opens at that month and its day lists the note; and
 * Remind me to write is turned on. The browser's zone reaches the account by itself.
 */

test.use({ timezoneId: 'Europe/Madrid' });

/** A date as the calendar reads it out: "Wednesday 3 May 2023". */
function longDate(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(at);
  return `${part({ weekday: 'long' })} ${at.getUTCDate()} ${part({ month: 'long' })} ${at.getUTCFullYear()}`;
}

/** Today's date in Madrid, 'YYYY-MM-DD' (en-CA writes dates that way). */
function todayInMadrid(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

test('a Day One journal is imported; on this day, the calendar and the reminder follow', async ({
  page,
  request,
  createUser,
}) => {
  const ana = await createUser('ana');
  const today = todayInMadrid();
  // Years back to an earlier year with this date (a 29 February needs a leap year).
  const yearsAgo = today.endsWith('-02-29') ? 4 : 3;
  const memoryDate = `${Number(today.slice(0, 4)) - yearsAgo}${today.slice(4)}`;
  const zip = dayOneZip([
    {
      uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
      // 11:00 UTC is midday in Madrid, summer or winter: the same calendar day there.
      creationDate: `${memoryDate}T11:00:00Z`,
      text: 'Walked to the lighthouse\\. The wind took my hat\\!',
      tags: ['walks'],
    },
    {
      uuid: '0F1E2D3C4B5A69788796A5B4C3D2E1F0',
      creationDate: '2019-05-03T08:00:00Z',
      text: 'First entry in the new notebook\\.',
    },
  ]);

  await signInAs(page, ana, '/settings');
  const file = page.getByLabel('Journal export (.zip)');
  await file.setInputFiles({ name: 'Day One.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(
    'Imported 2 notes as drafts.',
    { timeout: 15_000 },
  );

  // The browser's zone was set on the account once, on the way.
  const auth = { Authorization: `Bearer ${ana.token}` };
  await expect
    .poll(
      async () =>
        (await (await request.get('/api/account/preferences', { headers: auth })).json()).timeZone,
    )
    .toBe('Europe/Madrid');

  // On this day, atop My Ruminations, opening the note: its Day One escapes undone, its tag kept.
  await page.goto('/my-ruminations');
  const memories = page.getByRole('region', { name: 'On this day' });
  await expect(
    memories.getByRole('heading', { name: `${yearsAgo} years ago today` }),
  ).toBeVisible();
  await memories
    .getByRole('link', { name: 'Walked to the lighthouse. The wind took my hat!' })
    .click();
  await expect(page).toHaveURL(/\/rumination\/\d+$/);
  await expect(page.getByText('Walked to the lighthouse. The wind took my hat!')).toBeVisible();
  await expect(page.getByRole('link', { name: '#walks' })).toBeVisible();

  // The calendar at that month; its day says one note and opens it.
  await page.goto(`/calendar?month=${memoryDate.slice(0, 7)}`);
  const day = page.getByRole('link', { name: `${longDate(memoryDate)}, 1 note` });
  await day.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { name: `Notes of ${longDate(memoryDate)}` }),
  ).toBeVisible();
  await expect(ruminationCard(page, 'Walked to the lighthouse.')).toBeVisible();

  // Remind me to write, at 21:30 on the days chosen.
  await page.goto('/settings');
  const reminder = page.getByRole('region', { name: 'Remind me to write' });
  await reminder.getByRole('checkbox', { name: 'Remind me to write' }).check();
  await reminder.getByRole('textbox', { name: 'Time', exact: true }).fill('21:30');
  await reminder.getByRole('button', { name: 'Save reminder' }).click();
  await expect(reminder.getByRole('status')).toHaveText('Saved');
  const saved = await (await request.get('/api/account/preferences', { headers: auth })).json();
  expect(saved.reminder).toEqual({ time: '21:30', days: [0, 1, 2, 3, 4, 5, 6] });
});
