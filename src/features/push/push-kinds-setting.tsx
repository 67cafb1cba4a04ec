import { useState } from 'react';
import type { Preferences } from '../../api/preferences-schemas';
import { CheckboxField } from '../../components/ui/checkbox-field';
import type { PushKind } from '../../domain/preferences';
import { errorMessage } from '../../lib/error-message';
import { useUpdatePreferences } from '../preferences/preferences-queries';

const KIND_LABELS: { kind: PushKind; label: string }[] = [
  { kind: 'RelationRequested', label: 'Someone asks to be related' },
  { kind: 'RelationAccepted', label: 'Someone accepts your request' },
  { kind: 'CommentOnMyRumination', label: 'Someone comments on your rumination' },
  { kind: 'ReplyToMyComment', label: 'Someone replies to your comment' },
  { kind: 'ReactionOnMyRumination', label: 'Someone reacts to your rumination' },
  { kind: 'MentionedMe', label: 'Someone mentions you' },
];

/** "Which notifications" reach the account's devices by push; each box saves itself alone. */
export function PushKindsSetting({ preferences }: { preferences: Preferences }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium">Which notifications</legend>
      {KIND_LABELS.map(({ kind, label }) => (
        <PushKindBox key={kind} kind={kind} label={label} stored={preferences.push[kind]} />
      ))}
    </fieldset>
  );
}

function PushKindBox({ kind, label, stored }: { kind: PushKind; label: string; stored: boolean }) {
  // One mutation per kind: a PUT sends this kind alone, so quick clicks on two never undo each other.
  const update = useUpdatePreferences();
  // The value being saved; the box stays enabled meanwhile, so focus stays on it.
  const [sending, setSending] = useState<boolean | null>(null);
  return (
    <div>
      <CheckboxField
        label={label}
        checked={sending ?? stored}
        onChange={(event) => {
          const next = event.target.checked;
          setSending(next);
          // Only the last click's call settles here: then the stored value is shown.
          update.mutate({ push: { [kind]: next } }, { onSettled: () => setSending(null) });
        }}
      />
      {update.isError ? (
        <p role="alert" className="field-error">
          {errorMessage(update.error, 'Failed to save your preferences')}
        </p>
      ) : null}
    </div>
  );
}
