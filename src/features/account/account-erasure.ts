import { t } from '@lingui/core/macro';

/**
 * What deleting an account erases, as the dialog lists it (api-contract.md "My account"), in the
 * language spoken: called when the dialog renders.
 */
export function erasedWithAccount(): readonly string[] {
  return [
    t`Your ruminations and drafts, with every comment on them.`,
    t`Your reactions, and those on your ruminations.`,
    t`Your relations.`,
    t`Your comments on other people's ruminations: they are erased and shown as deleted.`,
    t`Your notifications.`,
    t`Your sign-in links.`,
    t`Your username and email: they become free for anyone to use.`,
  ];
}
