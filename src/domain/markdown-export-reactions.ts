import { authorLine } from './markdown-export';
import { REACTION_EMOJI, type ReactionKind } from './reactions';

/**
 * reactions.md of the Markdown export (api-contract.md "My writing"): the reactions I gave, then
 * those my ruminations received, one line each, as the JSON's `reactionsGiven` and
 * `reactionsReceived` hold them. Pure, for the server (streamed) and the mock backend (at once).
 */

export const REACTIONS_FILE_NAME = 'reactions.md';

/** What a line needs; the export's reaction shapes have it. */
export interface MarkdownReaction {
  ruminationId: number;
  kind: ReactionKind;
  createTMS: string;
}

export interface MarkdownReactionReceived extends MarkdownReaction {
  user: { username: string; displayName: string };
}

export function reactionsGivenMarkdownHead(): string {
  return '# My reactions\n\nEvery reaction I gave, note by note.\n\n';
}

export function reactionsReceivedMarkdownHead(): string {
  return '\n# Reactions on my ruminations\n\nEvery reaction my ruminations received, note by note.\n\n';
}

export function reactionGivenMarkdown(r: MarkdownReaction): string {
  return `- ${REACTION_EMOJI[r.kind]} ${r.kind} on rumination ${r.ruminationId}, ${r.createTMS}\n`;
}

export function reactionReceivedMarkdown(r: MarkdownReactionReceived): string {
  return `- ${REACTION_EMOJI[r.kind]} ${r.kind} by ${authorLine(r.user)} on rumination ${r.ruminationId}, ${r.createTMS}\n`;
}

/** The whole of reactions.md, for whoever holds the reactions at once (the mock backend). */
export function reactionsMarkdown(
  given: Iterable<MarkdownReaction>,
  received: Iterable<MarkdownReactionReceived>,
): string {
  let text = reactionsGivenMarkdownHead();
  for (const r of given) text += reactionGivenMarkdown(r);
  text += reactionsReceivedMarkdownHead();
  for (const r of received) text += reactionReceivedMarkdown(r);
  return text;
}
