/** What deleting an account erases, as the dialog lists it (api-contract.md "My account"). */
export const ERASED_WITH_ACCOUNT: readonly string[] = [
  'Your ruminations and drafts, with every comment on them.',
  'Your reactions, and those on your ruminations.',
  'Your relations.',
  "Your comments on other people's ruminations: they are erased and shown as deleted.",
  'Your notifications.',
  'Your sign-in links.',
  'Your username and email: they become free for anyone to use.',
];
