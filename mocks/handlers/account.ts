import { HttpResponse } from 'msw';
import {
  changePasswordRequest,
  deleteAccountRequest,
  ERASED_ACCOUNT_NAME,
  updateProfileRequest,
  type Account,
  type ChangePasswordResponse,
} from '../../src/api/account-schemas';
import { updatePreferencesRequest, type Preferences } from '../../src/api/preferences-schemas';
import { mergePreferences, preferencesOnWire } from '../../src/domain/preferences';
import { settle } from '../../src/api/problem';
import {
  decideAccountDeletion,
  decidePasswordChange,
  ownAccount,
} from '../../src/domain/account-decisions';
import { noContent, readBody, requireUser, requireWriter, route } from '../http';
import { eraseMedia } from '../store/media-changes';
import { eraseRuminations } from '../store/rumination-changes';
import { findUser } from '../store/lookups';
import { getDb } from '../store/db';
import { issueToken, revokeTokens } from '../store/tokens';
import { now } from '../store/clock';
import { preferencesOf, storePreferences } from '../store/preferences';
import type { StoredUser } from '../store/tables';
import { toAccount } from '../views';
import { passwordIsCommon } from './auth';

/**
 * /api/account (api-contract.md "My account"): loads the facts from the store, asks the shared
 * rules (src/domain/account-decisions.ts) and stores what they decided. A body is validated
 * before the caller is asked for, as the server's schema validation runs before its handler.
 */

function requireAccount(request: Request): StoredUser {
  return settle(ownAccount(findUser(requireUser(request))));
}

/** The server's erasure (server/modules/account/account-erasure.ts), on the in-memory store. */
function eraseAccount(user: StoredUser): void {
  const db = getDb();
  // Their ruminations, in the trash or not, with their comments, revisions, notifications and
  // photos; then every upload of theirs no note holds yet.
  eraseRuminations(new Set(db.ruminations.filter((r) => r.authorId === user.id).map((r) => r.id)));
  db.mentionNotified = db.mentionNotified.filter((m) => m.userId !== user.id);
  // Their imports: a job running in the page finds itself gone and stores nothing more.
  db.imports = db.imports.filter((j) => j.ownerId !== user.id);
  db.importEntries = db.importEntries.filter((e) => e.ownerId !== user.id);
  eraseMedia(new Set(db.media.filter((m) => m.ownerId === user.id).map((m) => m.id)));
  const at = now();
  for (const c of db.comments) {
    if (c.authorId === user.id && !c.isDeleted) {
      c.content = '';
      c.isDeleted = true;
      c.updateTMS = at;
    }
  }
  db.relations = db.relations.filter((r) => r.initiatorId !== user.id && r.receiverId !== user.id);
  db.reactions = db.reactions.filter((x) => x.userId !== user.id);
  db.reactionNotified = db.reactionNotified.filter((x) => x.userId !== user.id);
  // Nothing tells of the erased person any more, and nothing waits for them.
  db.notifications = db.notifications.filter(
    (n) => n.recipientId !== user.id && n.actorId !== user.id,
  );
  db.accountTokens = db.accountTokens.filter((t) => t.userId !== user.id);
  db.acceptances = db.acceptances.filter((a) => a.userId !== user.id);
  db.preferences = db.preferences.filter((p) => p.userId !== user.id);
  db.pushSubscriptions = db.pushSubscriptions.filter((s) => s.userId !== user.id);
  // Kept answers hold what the person wrote (the created note or comment).
  db.idempotentAnswers = db.idempotentAnswers.filter((a) => !a.id.startsWith(`${user.id}:`));
  revokeTokens(user.id);
  // The tombstone the erased comments point to: no name, no email, no password, never active.
  user.username = ERASED_ACCOUNT_NAME;
  user.displayName = ERASED_ACCOUNT_NAME;
  user.bio = '';
  user.email = '';
  user.password = '';
  user.isActive = false;
}

export const accountHandlers = [
  route('get', '/api/account', ({ request }) => {
    return HttpResponse.json<Account>(toAccount(requireAccount(request)));
  }),

  // Contract "Names people recognise": the schema trims, NFC-normalises and checks both fields.
  // What others see them as is a write like a note's: only once the current terms are accepted.
  route('put', '/api/account/profile', async ({ request }) => {
    const input = await readBody(request, updateProfileRequest);
    const user = settle(ownAccount(findUser(requireWriter(request))));
    user.displayName = input.displayName;
    user.bio = input.bio;
    return HttpResponse.json<Account>(toAccount(user));
  }),

  // Kept once changed; before that the shared defaults (src/domain/preferences.ts).
  route('get', '/api/account/preferences', ({ request }) => {
    const user = requireAccount(request);
    return HttpResponse.json<Preferences>(preferencesOnWire(preferencesOf(user.id)));
  }),

  route('put', '/api/account/preferences', async ({ request }) => {
    const input = await readBody(request, updatePreferencesRequest);
    const user = requireAccount(request);
    const merged = mergePreferences(preferencesOf(user.id), input);
    storePreferences(user.id, merged);
    return HttpResponse.json<Preferences>(preferencesOnWire(merged));
  }),

  route('put', '/api/account/password', async ({ request }) => {
    const input = await readBody(request, changePasswordRequest);
    const user = requireAccount(request);
    settle(
      decidePasswordChange({
        currentPasswordMatches: user.password === input.currentPassword,
        newPasswordIsCommon: await passwordIsCommon(input.newPassword),
      }),
    );
    user.password = input.newPassword;
    revokeTokens(user.id);
    for (const t of getDb().accountTokens) {
      if (t.userId === user.id && t.purpose === 'reset') t.used = true;
    }
    return HttpResponse.json<ChangePasswordResponse>({ accessToken: issueToken(user.id) });
  }),

  route('post', '/api/account/sign-out-everywhere', ({ request }) => {
    revokeTokens(requireAccount(request).id);
    return noContent();
  }),

  route('delete', '/api/account', async ({ request }) => {
    const { password } = await readBody(request, deleteAccountRequest);
    const user = requireAccount(request);
    settle(decideAccountDeletion({ passwordMatches: user.password === password }));
    eraseAccount(user);
    return noContent();
  }),
];
