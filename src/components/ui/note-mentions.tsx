import { createContext, useContext, type ReactNode } from 'react';
import { noteSegments } from '../../domain/note-references';

/**
 * How a note shows an `@mention` (api-contract.md "Habits of a shared journal": a link to the
 * person's profile). Primitives know no feature, so the shell provides the link
 * (src/app/layout/root-layout.tsx); without one a mention stays text.
 */
export type RenderMention = (username: string, text: string) => ReactNode;

export const MentionContext = createContext<RenderMention | null>(null);

export function useRenderMention(): RenderMention | null {
  return useContext(MentionContext);
}

/** A plain text with its mentions rendered (src/domain/note-references.ts cuts it). */
export function TextWithMentions({ text }: { text: string }) {
  const render = useRenderMention();
  if (render === null || !text.includes('@')) return text;
  return noteSegments(text).map((segment, index) =>
    segment.kind === 'mention' ? (
      <span key={index}>{render(segment.username, segment.text)}</span>
    ) : (
      segment.text
    ),
  );
}
