import { within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { createRumination, createUser } from '../../mocks/store/factories';
import { commentBy } from '../support/store-people';
import { installMatchMedia } from '../support/match-media';
import { renderApp } from '../support/render-app';
import { warmUpLazyModules } from './ruminations/warm-up';

/*
 * Every box people write free text into takes its direction from what is typed (`dir="auto"`,
 * issue 39): a comment in Arabic aligns right while it is typed, as it will once sent. The
 * composer's own text box is another test's (it has a file of its own).
 */

warmUpLazyModules();

describe('free-text boxes follow the direction of what is typed', () => {
  test('the comment box, a reply and a comment edit', async () => {
    installMatchMedia();
    const amira = createUser({ username: 'amira' });
    const note = createRumination({ authorId: amira.user.id, content: 'اكتب لي' });
    commentBy(amira, note.id, { content: 'كلمتي الأولى' });
    const app = await renderApp('/public', { token: amira.token });
    await app.user.click(
      await app.findByRole('button', { name: /^(\d+ comments?|Add a comment)$/ }),
    );
    const item = (await app.findByText('كلمتي الأولى')).closest('li');
    if (!item) throw new Error('no comment item');
    expect(await app.findByRole('textbox', { name: 'Add a comment' })).toHaveAttribute(
      'dir',
      'auto',
    );

    await app.user.click(within(item).getByRole('button', { name: 'Reply' }));
    expect(await app.findByRole('textbox', { name: 'Reply to amira' })).toHaveAttribute(
      'dir',
      'auto',
    );
    // Nothing typed: Cancel closes the reply at once, and Edit is offered again.
    await app.user.click(within(item).getByRole('button', { name: 'Cancel' }));
    await app.user.click(await within(item).findByRole('button', { name: 'Edit' }));
    expect(await app.findByRole('textbox', { name: 'Edit comment' })).toHaveAttribute(
      'dir',
      'auto',
    );
  });

  test('the search boxes: my ruminations and people', async () => {
    installMatchMedia();
    const { token } = createUser({ username: 'amira' });
    const app = await renderApp('/my-ruminations', { token });
    expect(await app.findByRole('searchbox', { name: 'Search my ruminations' })).toHaveAttribute(
      'dir',
      'auto',
    );

    await app.user.click(app.getByRole('link', { name: 'People' }));
    expect(await app.findByRole('searchbox', { name: 'Find people by name' })).toHaveAttribute(
      'dir',
      'auto',
    );
  });

  test('the profile: display name and bio', async () => {
    installMatchMedia();
    const { token } = createUser({ username: 'amira' });
    const app = await renderApp('/settings', { token });
    const profile = await app.findByRole('region', { name: 'Profile' });
    expect(await within(profile).findByRole('textbox', { name: 'Display name' })).toHaveAttribute(
      'dir',
      'auto',
    );
    expect(within(profile).getByRole('textbox', { name: 'Bio' })).toHaveAttribute('dir', 'auto');
  });

  test("a photo's alt text in the composer", async () => {
    installMatchMedia();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
    try {
      const { token } = createUser({ username: 'amira' });
      const app = await renderApp('/my-ruminations', { token });
      await app.user.click(await app.findByRole('button', { name: 'New Rumination' }));
      const dialog = within(await app.findByRole('dialog', { name: 'New Rumination' }));
      const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'a.jpg', {
        type: 'image/jpeg',
      });
      await app.user.upload(dialog.getByTestId('photo-input'), file);
      const photo = await dialog.findByRole('group', { name: 'Photo 1 of 1' });
      expect(within(photo).getByRole('textbox', { name: 'Alt text' })).toHaveAttribute(
        'dir',
        'auto',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
