/**
 * The name a deleted account's comments show: they stay, erased, so that replies keep their place
 * (contract "My account"). It cannot be a username (a space and brackets), so nobody can sign up
 * as it or be taken for it, and screens can tell it from a person (no profile link).
 */
export const ERASED_ACCOUNT_NAME = '[deleted account]';
