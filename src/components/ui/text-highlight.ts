import { createContext, useContext } from 'react';

/** A text cut into parts, those to highlight marked (src/domain/note-search.ts makes them). */
export type SplitForHighlight = (text: string) => readonly { text: string; isMatch: boolean }[];

/**
 * Words to highlight in the notes below (search results). A context, not a prop through every
 * list and card; and a function, so that the matching rule loads with the search, not with every
 * page that shows a note.
 */
export const TextHighlightContext = createContext<SplitForHighlight | null>(null);

export function useTextHighlight(): SplitForHighlight | null {
  return useContext(TextHighlightContext);
}
