import type { Locator, Page } from '@playwright/test';
import { THEMES, inBothThemes, textContrastOf, visitInBothThemes } from './support/axe';
import type { TestUser } from '../server/support/test-users';
import { expect, signInAs, test, uniqueName } from './support/fixtures';
import {
  commentViaApi,
  createRuminationViaApi,
  newRuminationDialog,
  requestRelationViaApi,
  relateViaApi,
  openComments,
  ruminationCard,
  showMyRuminations,
} from './support/ui';

/**
 * axe-core on every screen and every dialog, in the light and the dark theme: zero violations of
 * its default rule set (WCAG 2 A and AA plus best practices). The theme is the system one, set
 * through the emulated colour scheme, so one page state serves both.
 */

// Each test runs axe-core many times (every state, two themes); that takes a while on two cores.
test.describe.configure({ timeout: 90_000 });

/** Someone with content: drafts, audiences, comments with replies, relations in every state. */
async function personWithContent(
  request: Parameters<typeof createRuminationViaApi>[0],
  createUser: (p?: string) => Promise<TestUser>,
) {
  const [me, friend, asker] = await Promise.all([
    createUser('axe'),
    createUser('friend'),
    createUser('asker'),
  ]);
  await relateViaApi(request, friend, me, 'Friend');
  await requestRelationViaApi(request, asker, me, 'Family');
  await requestRelationViaApi(request, me, friend, 'Partner');
  const mine = await createRuminationViaApi(
    request,
    me,
    'A published thought with **audiences**.',
    {
      audiences: ['Friend', 'BestFriend'],
    },
  );
  await createRuminationViaApi(request, me, 'An unfinished draft.', { publish: false });
  await createRuminationViaApi(request, friend, 'A note for my friends.', {
    audiences: ['Friend'],
  });
  const comment = await commentViaApi(request, friend, { ruminationId: mine.id }, 'A comment.');
  await commentViaApi(request, me, { parentCommentId: comment.id }, 'A reply.');
  const gone = await commentViaApi(request, friend, { ruminationId: mine.id }, 'Soon deleted.');
  await request.delete(`/api/comments/${gone.id}`, {
    headers: { Authorization: `Bearer ${friend.token}` },
  });
  return { me, friend, asker };
}

test.describe('screens for visitors', () => {
  test('public page, profile and invalid profile', async ({ page, request, createUser }) => {
    const author = await createUser('author');
    await createRuminationViaApi(request, author, 'Something for everyone.');
    const card = ruminationCard(page, 'Something for everyone.');
    await visitInBothThemes(page, [
      ['/public', '/public', card.first()],
      ['a profile', `/user/${author.id}`, card],
      ['/user without id', '/user', page.getByText('Invalid user ID')],
      ['an unknown user', '/user/999999999', page.getByRole('heading', { name: 'User not found' })],
    ]);
  });

  test('sign in, sign up and check-your-email', async ({ page }) => {
    await visitInBothThemes(page, [
      ['/login sign-in', '/login', page.getByLabel('Password', { exact: true })],
    ]);
    await inBothThemes(page, '/login sign-up with errors', async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Create an account' }).click();
      await expect(page.getByLabel('Confirm password')).toBeVisible();
      // The validation messages must be readable too.
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    });
    await inBothThemes(page, 'check-your-email', async () => {
      const username = uniqueName('axe');
      await page.goto('/login');
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.getByLabel('Username', { exact: true }).fill(username);
      await page.getByLabel('Email', { exact: true }).fill(`${username}@example.test`);
      await page.getByLabel('Password', { exact: true }).fill('long enough');
      await page.getByLabel('Confirm password').fill('long enough');
      await page.getByRole('checkbox', { name: 'I accept the Terms of Service' }).check();
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    });
  });

  test('forgot password, reset password, activation', async ({ page }) => {
    const invalidReset = page.getByText('Invalid reset link. No token provided.');
    const newPassword = page.getByLabel('New password');
    const activationFailed = page.getByRole('heading', { name: 'Activation failed' });
    await visitInBothThemes(page, [
      ['/forgot-password', '/forgot-password', page.getByLabel('Email', { exact: true })],
      ['/reset-password without token', '/reset-password', invalidReset],
      ['/reset-password form', '/reset-password?token=not-a-real-token', newPassword],
      ['/activate failure', '/activate?token=not-a-real-token', activationFailed],
    ]);
    await inBothThemes(page, '/forgot-password confirmation', async () => {
      await page.goto('/forgot-password');
      await page.getByLabel('Email', { exact: true }).fill('nobody@example.test');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByText(/Send another email/)).toBeVisible();
    });
  });

  test('activation success, password reset success', async ({ page, app, request, createUser }) => {
    const username = uniqueName('axe');
    const email = `${username}@example.test`;
    const signup = await request.post('/api/auth/signup', {
      data: { username, email, password: 'long enough', acceptedTosVersion: '1.0' },
    });
    expect(signup.status()).toBe(201);
    const activated = page.getByRole('heading', { name: 'Account activated' });
    await visitInBothThemes(page, [
      ['/activate success', await app.emailLink('activate', username), activated],
    ]);
    const person = await createUser('axe');
    await request.post('/api/auth/forgot-password', { data: { email: person.email } });
    await inBothThemes(page, '/reset-password success', async () => {
      await page.goto(await app.emailLink('reset-password', person.username));
      await page.getByLabel('New password').fill('another secret');
      await page.getByLabel('Confirm password').fill('another secret');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('link', { name: 'Continue to Login' })).toBeVisible();
    });
  });

  test('terms of service page', async ({ page }) => {
    const terms = page.getByRole('article', { name: 'Terms of Service' });
    await visitInBothThemes(page, [['/terms-of-service', '/terms-of-service', terms]]);
  });
});

test.describe('screens for signed-in people', () => {
  test('my ruminations (published and drafts) and my feed', async ({
    page,
    request,
    createUser,
  }) => {
    const { me } = await personWithContent(request, createUser);
    await signInAs(page, me, '/my-ruminations');
    await inBothThemes(page, '/my-ruminations published', async () => {
      await page.goto('/my-ruminations');
      await openComments(ruminationCard(page, 'A published thought'));
      await expect(page.getByText('A reply.')).toBeVisible();
    });
    await inBothThemes(page, '/my-ruminations drafts', async () => {
      await page.goto('/my-ruminations');
      await showMyRuminations(page, 'Drafts');
      await expect(page.getByText('An unfinished draft.')).toBeVisible();
    });
    await inBothThemes(page, 'empty lists of a newcomer', async () => {
      await signInAs(page, await createUser('newcomer'), '/my-feed');
      await expect(page.getByText(/Your feed is empty/)).toBeVisible();
    });
    await signInAs(page, me, '/my-feed');
    await visitInBothThemes(page, [
      ['/my-feed', '/my-feed', page.getByText('A note for my friends.')],
      ['/settings', '/settings', page.getByRole('group', { name: 'Theme' })],
    ]);
  });

  test('profiles: another person with relations, and one’s own', async ({
    page,
    request,
    createUser,
  }) => {
    const { me, friend, asker } = await personWithContent(request, createUser);
    await signInAs(page, me, `/user/${friend.id}`);
    const aRelation = page.getByRole('region', { name: 'Relations' }).getByRole('listitem');
    const accept = page.getByRole('button', { name: /^Accept/ });
    await visitInBothThemes(page, [
      ['a friend’s profile', `/user/${friend.id}`, aRelation.first()],
      ['a profile with an incoming request', `/user/${asker.id}`, accept],
      ['one’s own profile', `/user/${me.id}`, page.getByRole('heading', { name: me.username })],
    ]);
  });

  test('dialogs: new rumination, edit, delete confirmations', async ({
    page,
    request,
    createUser,
  }) => {
    const { me } = await personWithContent(request, createUser);
    await signInAs(page, me, '/my-ruminations');
    const card = () => ruminationCard(page, 'A published thought');

    await inBothThemes(page, 'New Rumination dialog', async () => {
      await page.goto('/my-ruminations');
      await page.getByRole('button', { name: 'New Rumination' }).click();
      await expect(newRuminationDialog(page)).toBeVisible();
    });
    await inBothThemes(page, 'Edit Rumination dialog', async () => {
      await page.goto('/my-ruminations');
      await card().getByRole('button', { name: 'Edit rumination' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Rumination' })).toBeVisible();
    });
    await inBothThemes(page, 'delete rumination confirmation', async () => {
      await page.goto('/my-ruminations');
      await card().getByRole('button', { name: 'Delete rumination' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    });
    await inBothThemes(page, 'delete comment confirmation', async () => {
      await page.goto('/my-ruminations');
      await openComments(card());
      await card()
        .getByRole('listitem')
        .filter({ hasText: 'A reply.', hasNotText: 'A comment.' })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      await expect(page.getByRole('alertdialog')).toContainText(
        'Are you sure you want to delete this comment?',
      );
    });
  });

  test('small screen with the overflow menu open', async ({ page, createUser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, await createUser('small'), '/my-ruminations');
    await inBothThemes(page, 'overflow menu', async () => {
      await page.goto('/my-ruminations');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    });
  });
});

// ---- keyboard ------------------------------------------------------------------------------------

/** Tabs `count` times and checks that focus never leaves `container`. */
async function expectFocusTrapped(page: Page, container: Locator, count: number) {
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    const inside = await container.evaluate((el) => el.contains(document.activeElement));
    expect(inside, `focus inside the dialog after ${i + 1} presses`).toBe(true);
  }
}

/** The focused element shows a visible focus indicator: an outline or a ring (box-shadow). */
async function focusIndicatorOf(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { element: 'body', visible: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      element: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`,
      visible: outline || ring,
    };
  });
}

test('disabled buttons stay readable (4.5:1), in both themes', async ({
  page,
  request,
  createUser,
}) => {
  const { me } = await personWithContent(request, createUser);
  await signInAs(page, me, '/my-ruminations');
  await openComments(ruminationCard(page, 'A published thought'));
  // The comment box is empty: its Comment button is disabled.
  const comment = page.getByRole('button', { name: 'Comment', exact: true });
  await expect(comment).toBeDisabled();
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForTimeout(200);
    const ratio = await textContrastOf(page, 'button[type="submit"]:disabled');
    expect(ratio, `disabled Comment button, ${theme}`).toBeGreaterThanOrEqual(4.5);
  }
});

test.describe('keyboard', () => {
  test('the New Rumination dialog traps focus and gives it back on Escape', async ({
    page,
    createUser,
  }) => {
    await signInAs(page, await createUser('keys'), '/my-ruminations');
    const opener = page.getByRole('button', { name: 'New Rumination' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = newRuminationDialog(page);
    await expect(dialog).toBeVisible();
    await expect
      .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
    await expectFocusTrapped(page, dialog, 14);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the delete confirmation traps focus and gives it back when cancelled', async ({
    page,
    request,
    createUser,
  }) => {
    const me = await createUser('keys');
    await createRuminationViaApi(request, me, 'To be kept after all.');
    await signInAs(page, me, '/my-ruminations');
    const opener = ruminationCard(page, 'To be kept after all.').getByRole('button', {
      name: 'Delete rumination',
    });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog, 6);
    await dialog.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(ruminationCard(page, 'To be kept after all.')).toBeVisible();
  });

  test('every control reached with Tab shows where the focus is', async ({
    page,
    request,
    createUser,
  }) => {
    const me = await createUser('keys');
    await createRuminationViaApi(request, me, 'Something to tab through.');
    await signInAs(page, me, '/my-ruminations');
    await expect(ruminationCard(page, 'Something to tab through.')).toBeVisible();
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      // Start from the top of the page, as after a fresh load.
      await page.reload();
      await expect(ruminationCard(page, 'Something to tab through.')).toBeVisible();
      const seen: string[] = [];
      for (let i = 0; i < 14; i += 1) {
        await page.keyboard.press('Tab');
        const focus = await focusIndicatorOf(page);
        if (focus.element === 'body') continue;
        seen.push(focus.element);
        expect(focus.visible, `visible focus on ${focus.element} (${theme})`).toBe(true);
      }
      expect(seen.length).toBeGreaterThan(5);
    }
  });
});
