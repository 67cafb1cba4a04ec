import { expect, test, vi } from 'vitest';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { renderApp } from '../../support/render-app';
import { api } from '../../mocks/mock-backend';
import { warmUpLazyModules } from '../ruminations/warm-up';

warmUpLazyModules();

test("a link to a comment (#comment-<id>, a notification's) opens the note at that comment", async () => {
  const maya = createUser({ username: 'maya' });
  const leo = createUser({ username: 'leo' });
  const note = createRumination({ authorId: maya.user.id, content: 'A public thought' });
  await api('POST', '/api/comments', {
    token: leo.token,
    body: { content: 'First', ruminationId: note.id },
  });
  const second = await api('POST', '/api/comments', {
    token: leo.token,
    body: { content: 'The one linked to', ruminationId: note.id },
  });
  const commentId = `comment-${(second.json as { id: number }).id}`;
  // A spy stands in for scrollIntoView (this file only).
  const scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled;

  await renderApp(`/rumination/${note.id}#${commentId}`, { token: maya.token });
  await vi.waitFor(() => expect(document.activeElement?.id).toBe(commentId), { timeout: 5000 });
  expect(document.activeElement).toHaveTextContent('The one linked to');
  expect(scrolled.mock.contexts).toContain(document.activeElement);
});
