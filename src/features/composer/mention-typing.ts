import { lazy, useState, type SyntheticEvent } from 'react';

/**
 * Typing an `@mention` in a note or a comment: which name is being typed at the caret, and the
 * text once a person is chosen. The picker that offers people (mention-picker.tsx) is fetched the
 * first time someone types `@`.
 */

export const MentionPicker = lazy(() => import('./mention-picker'));

/** An `@` that starts a mention (not inside a word, an address or an email), and what follows. */
const TYPING = /(?:^|[^\p{L}\p{M}\p{N}_.@/&+=-])@([A-Za-z0-9_.-]{0,32})$/u;

export interface MentionTyped {
  /** Where the `@` is. */
  start: number;
  /** What is typed after it, up to the caret. */
  query: string;
}

/** The mention being typed where the caret is, or null. */
export function mentionAtCaret(value: string, caret: number): MentionTyped | null {
  const match = TYPING.exec(value.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The text with `@username ` in place of what was typed, and where the caret goes. */
export function insertMention(
  value: string,
  typed: MentionTyped,
  caret: number,
  username: string,
): { value: string; caret: number } {
  const inserted = `@${username} `;
  return {
    value: value.slice(0, typed.start) + inserted + value.slice(caret).replace(/^[ \t]/, ''),
    caret: typed.start + inserted.length,
  };
}

/**
 * Follows a textarea's caret (its events spread with `bind`) and says which mention is typed
 * there; `choose` puts the person's username in, through `setValue`, and puts the caret after it.
 */
export function useMentionTyping(setValue: (value: string) => void) {
  const [state, setState] = useState<{
    value: string;
    caret: number;
    field: HTMLTextAreaElement;
  } | null>(null);
  const follow = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const field = event.currentTarget;
    setState({ value: field.value, caret: field.selectionStart, field });
  };
  const typed = state ? mentionAtCaret(state.value, state.caret) : null;
  const choose = (username: string) => {
    if (!state || !typed) return;
    const next = insertMention(state.value, typed, state.caret, username);
    setValue(next.value);
    setState(null);
    const { field } = state;
    // After React has written the new value into the field.
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(next.caret, next.caret);
    });
  };
  return {
    bind: { onSelect: follow, onKeyUp: follow, onClick: follow, onInput: follow },
    typed,
    choose,
    close: () => setState(null),
  };
}
