import { z } from 'zod';
import { COMMENT_MAX, RUMINATION_MAX, tooLongMessage } from './limits';
import { isStorableText, NOT_STORABLE_MESSAGE } from './text-rules';

/**
 * What a rumination's and a comment's text must be, with the messages the server answers and the
 * forms show. A module of its own: the forms load it without the rest of the contract (whose
 * audience parsing would bring the relation-type helpers into the first visit's shared chunk).
 */

export { COMMENT_MAX, RUMINATION_MAX } from './limits';

function contentRule(max: number) {
  return z
    .string()
    .trim()
    .min(1, 'Content is required')
    .max(max, tooLongMessage(max))
    .refine(isStorableText, NOT_STORABLE_MESSAGE);
}

export const ruminationContent = contentRule(RUMINATION_MAX);
export const commentContent = contentRule(COMMENT_MAX);
