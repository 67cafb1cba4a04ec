import { within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { warmUpLazyModules } from './warm-up';
import { commentBy } from '../../support/store-people';

warmUpLazyModules();

describe('an edited note or comment says so', () => {
  test('"edited" beside a rumination or comment changed after it was written, and only then', async () => {
    const alice = createUser({ username: 'alice' });
    const edited = createRumination({
      authorId: alice.user.id,
      content: 'Changed my mind',
      createTMS: '2026-11-01T10:00:00.000Z',
    });
    edited.updateTMS = '2026-11-02T10:00:00.000Z';
    createRumination({ authorId: alice.user.id, content: 'As first written' });
    const comment = commentBy(alice, edited.id, { content: 'A second thought' });
    comment.updateTMS = new Date(Date.parse(comment.createTMS) + 60_000).toISOString();
    commentBy(alice, edited.id, { content: 'Untouched' });

    const app = await renderApp('/public', { token: alice.token });
    const changed = (await app.findByText('Changed my mind')).closest('article')!;
    const unchanged = (await app.findByText('As first written')).closest('article')!;
    expect(within(unchanged).queryByText(/^edited/)).not.toBeInTheDocument();
    await app.user.click(within(changed).getByRole('button', { name: '2 comments' }));
    await within(changed).findByText('A second thought');
    const marks = await within(changed).findAllByText(/^edited/);
    // The rumination's own mark, and the edited comment's; not the untouched comment's.
    expect(marks).toHaveLength(2);
    expect(marks[0]?.querySelector('time')).toHaveAttribute('datetime', edited.updateTMS);
  });
});
