import { z } from 'zod';
import { newPassword, PASSWORD_MAX } from './auth-schemas';
import { id, timestamp, userRef } from './common';
import { userRelation } from './relation-schemas';
import { ruminationMedia } from './media-schemas';
import { reactionKind } from './reaction-schemas';
import { rumination, ruminationRevision } from './rumination-schemas';

/** Wire schemas of /api/account/* (api-contract.md "My account" and "My writing": export). */

export const account = z.object({
  id,
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  createTMS: timestamp,
});
export type Account = z.infer<typeof account>;

export const CURRENT_PASSWORD_WRONG = 'Current password is wrong';
/** A "change" that changes nothing would revoke every other session for no new secret. */
export const NEW_PASSWORD_SAME = 'New password must be different from the current one';
export const DELETE_PASSWORD_WRONG = 'Password is wrong';
export { ERASED_ACCOUNT_NAME } from '../domain/erased-account';
export { updateProfileRequest, type UpdateProfileRequest } from './profile-rules';
/** What the SPA says on /public after the account is gone. */
export const ACCOUNT_DELETED_MESSAGE = 'Your account and everything in it have been deleted.';

/** The password a person types to prove it is them (never checked for strength here). */
const currentPassword = z.string().min(1, 'Password is required').max(PASSWORD_MAX);

/** PUT /api/account/password: answers a new access token; every older one is revoked. */
export const changePasswordRequest = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
    newPassword,
    confirmPassword: z.string().min(1, 'Confirm password is required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: NEW_PASSWORD_SAME,
    path: ['newPassword'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const changePasswordResponse = z.object({ accessToken: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

/** DELETE /api/account. */
export const deleteAccountRequest = z.object({ password: currentPassword });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

export const EXPORT_FORMATS = ['json', 'markdown'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/account/export?format=; names match ignoring case, as every query's do. */
export const exportQuery = z.object({ format: z.enum(EXPORT_FORMATS) });

/**
 * A comment as the export holds it: the API's comment without its replies. The caller's own, and
 * (in `commentsOnMyRuminations`) other people's on the caller's ruminations, `createdBy` naming them.
 */
export const exportedComment = z.object({
  id,
  content: z.string(),
  createdBy: userRef,
  createTMS: timestamp,
  updateTMS: timestamp,
  isDeleted: z.boolean(),
  ruminationId: id,
  parentCommentId: id.nullable(),
});
export type ExportedComment = z.infer<typeof exportedComment>;

/** A state one of one's own ruminations had before a change: its history entry, and whose it is. */
export const exportedRevision = z.object({ ruminationId: id, ...ruminationRevision.shape });
export type ExportedRevision = z.infer<typeof exportedRevision>;

/**
 * A rumination in the export: its photos as ids, sizes and alt text, without URLs (a signed URL
 * expires within hours; the Markdown zip holds the photos themselves).
 */
export const exportedRumination = rumination.extend({
  media: z.array(ruminationMedia.pick({ id: true, width: true, height: true, alt: true })),
});
export type ExportedRumination = z.infer<typeof exportedRumination>;

/** A reaction the caller gave, in the export's `reactionsGiven`. */
export const exportedReaction = z.object({
  ruminationId: id,
  kind: reactionKind,
  createTMS: timestamp,
});
export type ExportedReaction = z.infer<typeof exportedReaction>;

/** A reaction on one of the caller's ruminations, in `reactionsReceived`, naming who gave it. */
export const exportedReactionReceived = exportedReaction.extend({ user: userRef });
export type ExportedReactionReceived = z.infer<typeof exportedReactionReceived>;

/**
 * The whole of `format=json`, in this key order. `comments` are the caller's own, anywhere, oldest
 * first (as the contract says); `commentsOnMyRuminations` are the comments other people left on the
 * caller's ruminations, deleted ones included, by rumination then comment, oldest first, so that
 * every reply on the caller's notes finds the comment it answers in one list or the other.
 * Ruminations in the trash are not in it, nor their revisions or the comments on them (anyone's):
 * they are out of every list, their author's included, until restored (api-contract.md "Trash").
 */
export const accountExport = z.object({
  exportedAt: timestamp,
  account,
  ruminations: z.array(exportedRumination),
  revisions: z.array(exportedRevision),
  comments: z.array(exportedComment),
  commentsOnMyRuminations: z.array(exportedComment),
  reactionsGiven: z.array(exportedReaction),
  reactionsReceived: z.array(exportedReactionReceived),
  relations: z.array(userRelation),
  termsAcceptances: z.array(z.object({ version: z.string(), acceptedAt: timestamp })),
});
export type AccountExport = z.infer<typeof accountExport>;
