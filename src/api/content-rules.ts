import { z } from 'zod';

/**
 * What a rumination's and a comment's text must be, with the messages the server answers and the
 * forms show. A module of its own: the forms load it without the rest of the contract (whose
 * audience parsing would bring the relation-type helpers into the first visit's shared chunk).
 */

export const RUMINATION_MAX = 5000;
export const COMMENT_MAX = 2000;

function contentRule(max: number) {
  return z
    .string()
    .trim()
    .min(1, 'Content is required')
    .max(max, `Content must be at most ${max} characters`);
}

export const ruminationContent = contentRule(RUMINATION_MAX);
export const commentContent = contentRule(COMMENT_MAX);
