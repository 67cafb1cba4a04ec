import { describe, expect, test } from 'vitest';
import { createRumination, createUser } from '../../../mocks/store';
import { renderApp } from '../../support/render-app';

describe('public ruminations', () => {
  test('shows public ruminations to a visitor, keeping line breaks', async () => {
    const { user: alice } = createUser({ username: 'alice' });
    createRumination({ authorId: alice.id, content: 'First line\nSecond line' });
    const app = await renderApp('/public');
    expect(app.getByRole('heading', { name: 'Public Ruminations' })).toBeInTheDocument();
    const text = await app.findByText(/First line/);
    expect(text.textContent).toBe('First line\nSecond line');
    expect(app.getByText('Log in to add a comment.')).toBeInTheDocument();
  });
});
