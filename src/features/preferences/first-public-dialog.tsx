import { useLingui } from '@lingui/react/macro';
import { ComposerQuestion } from '../composer/composer-question';

/**
 * Asked before an account's first public note (first-public-note.ts): what public means, with the
 * way back to the picker first, so that Escape or a stray Enter publishes nothing.
 */
export function FirstPublicDialog({
  open,
  onChoose,
  onPublish,
}: {
  open: boolean;
  onChoose: () => void;
  onPublish: () => void;
}) {
  const { t } = useLingui();
  return (
    <ComposerQuestion
      open={open}
      onStay={onChoose}
      onGo={onPublish}
      title={t`Publish for everyone?`}
      description={t`Anyone can read a public note, even without an account, and it can be found from your profile. To keep it to some people, choose who reads it.`}
      stayLabel={t`Choose who reads it`}
      goLabel={t`Publish publicly`}
    />
  );
}
