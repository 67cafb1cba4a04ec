// Apart from offline-persistence: offline-boot needs only this on every first visit, not the
// persistence rules and React Query's dehydration that come with them.

/**
 * The user id (`sub`) of an access token, read without checking the signature: it only chooses
 * whose stored copy to open, offline too; the server still checks every call.
 */
export function userIdOfToken(token: string | null): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const id = Number((JSON.parse(json) as { sub?: unknown }).sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
