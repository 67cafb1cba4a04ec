import { noteSegments } from '../../domain/note-references';
import type { RenderMention } from './note-mentions';

/** A plain text cut by src/domain/note-references.ts, its mentions rendered by `render`. */
export default function MentionedText({ text, render }: { text: string; render: RenderMention }) {
  return noteSegments(text).map((segment, index) =>
    segment.kind === 'mention' ? (
      <span key={index}>{render(segment.username, segment.text)}</span>
    ) : (
      segment.text
    ),
  );
}
