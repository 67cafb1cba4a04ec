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
  return (
    <ComposerQuestion
      open={open}
      onStay={onChoose}
      onGo={onPublish}
      title="Publish for everyone?"
      description="Anyone can read a public note, even without an account, and it can be found from your profile. To keep it to some people, choose who reads it."
      stayLabel="Choose who reads it"
      goLabel="Publish publicly"
    />
  );
}
