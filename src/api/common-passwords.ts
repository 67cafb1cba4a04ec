import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * "Password is too common" (api-contract.md "Accounts"): the 10,000 most common passwords of
 * zxcvbn-ts's list (@zxcvbn-ts/language-common, the maintained successor of Dropbox's zxcvbn,
 * whose `passwords-common` is ordered by frequency in real leaks), compared ignoring case. About
 * 380 KB of data: the server and the mock backend load it; the SPA never does (its forms show the
 * server's answer), so it stays out of the browser's JavaScript.
 */

export const COMMON_PASSWORD_COUNT = 10_000;

const common = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
