import { describe, expect, it } from 'vitest';
import {
  mediaCookieHeader,
  endedMediaCookieHeader,
  readCookies,
} from '../../../src/api/media-session';
import { decideMediaRequest, MEDIA_PROBLEMS } from '../../../src/domain/media-decisions';

/**
 * Who may fetch a photo's signed URL (api-contract.md "Photos"): its signer may see the photo, and
 * the request carries the signer's credentials, unless the note is public. The server and the mock
 * backend both settle it (tests/server/media-credentials.test.ts, tests/mocks/media-credentials.test.ts).
 */

const SIGNER = 7;
const OTHER = 8;
const friendsOnly = {
  ownerId: 3,
  live: true,
  inVisibleRumination: true,
  inPublicRumination: false,
};
const refusal = { ok: false, refusal: MEDIA_PROBLEMS.notFound };

describe('a photo request', () => {
  it('is answered with the signer’s credentials, among others or alone', () => {
    expect(decideMediaRequest(true, SIGNER, friendsOnly, [SIGNER]).ok).toBe(true);
    expect(decideMediaRequest(true, SIGNER, friendsOnly, [OTHER, SIGNER]).ok).toBe(true);
  });

  it('is 404 with no credentials, or only someone else’s (who may see the photo too)', () => {
    expect(decideMediaRequest(true, SIGNER, friendsOnly, [])).toEqual(refusal);
    expect(decideMediaRequest(true, SIGNER, friendsOnly, [OTHER])).toEqual(refusal);
    expect(decideMediaRequest(true, SIGNER, friendsOnly, [3])).toEqual(refusal);
  });

  it('is 404 whatever the credentials when the URL or the signer’s sight fails', () => {
    expect(decideMediaRequest(false, SIGNER, friendsOnly, [SIGNER])).toEqual(refusal);
    expect(decideMediaRequest(true, SIGNER, undefined, [SIGNER])).toEqual(refusal);
    expect(decideMediaRequest(true, SIGNER, { ...friendsOnly, live: false }, [SIGNER])).toEqual(
      refusal,
    );
    expect(
      decideMediaRequest(true, SIGNER, { ...friendsOnly, inVisibleRumination: false }, [SIGNER]),
    ).toEqual(refusal);
  });

  it('opens a public note’s photo to anyone, for any viewer the URL names; a forged URL still not', () => {
    const open = { ...friendsOnly, inPublicRumination: true };
    for (const signer of [SIGNER, 0]) {
      expect(decideMediaRequest(true, signer, open, []).ok).toBe(true);
      expect(decideMediaRequest(true, signer, open, [OTHER]).ok).toBe(true);
      expect(decideMediaRequest(false, signer, open, [])).toEqual(refusal);
    }
  });

  it('opens the signer’s own upload (no note, or one in the trash) to their credentials only', () => {
    const own = {
      ownerId: SIGNER,
      live: true,
      inVisibleRumination: false,
      inPublicRumination: false,
    };
    expect(decideMediaRequest(true, SIGNER, own, [SIGNER]).ok).toBe(true);
    expect(decideMediaRequest(true, SIGNER, own, [])).toEqual(refusal);
    // Nobody's credentials are the anonymous viewer's.
    expect(decideMediaRequest(true, 0, { ...own, ownerId: 0 }, [0])).toEqual(refusal);
  });
});

describe('the photo cookie’s header', () => {
  it('is HttpOnly, SameSite=Strict, on /api/media, Secure when asked, for the time given', () => {
    expect(mediaCookieHeader('media_session', 'v', { maxAgeSeconds: 90.7, secure: false })).toBe(
      'media_session=v; Path=/api/media; Max-Age=90; HttpOnly; SameSite=Strict',
    );
    expect(mediaCookieHeader('media_session', 'v', { maxAgeSeconds: -5, secure: true })).toBe(
      'media_session=v; Path=/api/media; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    );
    expect(endedMediaCookieHeader('media_session', false)).toBe(
      'media_session=; Path=/api/media; Max-Age=0; HttpOnly; SameSite=Strict',
    );
  });

  it('is read back from a Cookie header among others; of a name sent twice, the first', () => {
    const cookies = readCookies('theme=dark;media_session=1.0.2.abc ; media_session=old; x; =y');
    expect(cookies.get('media_session')).toBe('1.0.2.abc');
    expect(cookies.get('theme')).toBe('dark');
    expect(cookies.has('x')).toBe(false);
    expect(readCookies(undefined).size).toBe(0);
    expect(readCookies(null).size).toBe(0);
  });
});
