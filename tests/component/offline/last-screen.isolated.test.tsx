import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { NoteText } from '../../../src/components/ui/note-text';
import { saveLastScreen } from '../../../src/features/offline/last-screen';
import {
  LAST_SCREEN_KEY,
  type SavedLastScreen,
} from '../../../src/features/offline/last-screen-format';
import { clearToken, setToken } from '../../../src/lib/token-storage';

// The lazy renderer is transformed on the fly on first import; once up front.
beforeAll(async () => {
  await import('../../../src/components/ui/note-markdown');
}, 60_000);

afterEach(() => {
  clearToken();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

/** A feed's page in #root, as the app renders it, holding one note. */
function showFeedWith(content: string) {
  setToken('header.payload.signature-of-this-session');
  window.history.replaceState(null, '', '/my-feed');
  const root = document.createElement('div');
  root.id = 'root';
  return render(<NoteText content={content} />, { container: document.body.appendChild(root) });
}

const saved = () => {
  const raw = localStorage.getItem(LAST_SCREEN_KEY);
  return raw === null ? null : (JSON.parse(raw) as SavedLastScreen);
};

describe('the saved last screen', () => {
  test('waits for a note’s Markdown to be rendered, so the next visit never shows it raw', async () => {
    const { container } = showFeedWith('A **bold** walk');
    // The renderer loads once the page is idle: meanwhile the note is plain text.
    expect(saveLastScreen()).toBe('not-yet');
    expect(saved()).toBeNull();

    await vi.waitFor(() => expect(container.querySelector('strong')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(saveLastScreen()).toBe('saved');
    expect(saved()?.html).toContain('<strong>bold</strong>');
    expect(saved()?.html).not.toContain('**bold**');
  });

  test('saves a note without Markdown at once', () => {
    showFeedWith('A quiet walk by the river');
    expect(saveLastScreen()).toBe('saved');
    expect(saved()?.html).toContain('A quiet walk by the river');
  });
});
