import { createContext, lazy, Suspense, useContext, type ReactNode } from 'react';

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

// The scanner is fetched with the first note that holds an `@`, not with every first visit.
const MentionedText = lazy(() => import('./note-mentioned-text'));

/** A plain text with its mentions rendered; shown as it is until the scanner has loaded. */
export function TextWithMentions({ text }: { text: string }) {
  const render = useRenderMention();
  if (render === null || !text.includes('@')) return text;
  return (
    <Suspense fallback={text}>
      <MentionedText text={text} render={render} />
    </Suspense>
  );
}
