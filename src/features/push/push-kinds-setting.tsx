import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Preferences } from '../../api/preferences-schemas';
import { CheckboxField } from '../../components/ui/checkbox-field';
import type { PushKind } from '../../domain/preferences';
import { errorMessage } from '../../lib/error-message';
import { useUpdatePreferences } from '../preferences/preferences-queries';

/** Each kind's box; its label said in the language spoken when the boxes are drawn. */
const KIND_LABELS: { kind: PushKind; label: MessageDescriptor }[] = [
  { kind: 'RelationRequested', label: msg`Someone asks to be related` },
  { kind: 'RelationAccepted', label: msg`Someone accepts your request` },
  { kind: 'CommentOnMyRumination', label: msg`Someone comments on your rumination` },
  { kind: 'ReplyToMyComment', label: msg`Someone replies to your comment` },
  { kind: 'ReactionOnMyRumination', label: msg`Someone reacts to your rumination` },
  { kind: 'MentionedMe', label: msg`Someone mentions you` },
];

/** "Which notifications" reach the account's devices by push; each box saves itself alone. */
export function PushKindsSetting({ preferences }: { preferences: Preferences }) {
  const { i18n } = useLingui();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium">
        <Trans>Which notifications</Trans>
      </legend>
      {KIND_LABELS.map(({ kind, label }) => (
        <PushKindBox key={kind} kind={kind} label={i18n._(label)} stored={preferences.push[kind]} />
      ))}
    </fieldset>
  );
}

function PushKindBox({ kind, label, stored }: { kind: PushKind; label: string; stored: boolean }) {
  const { t } = useLingui();
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
          {errorMessage(update.error, t`Failed to save your preferences`)}
        </p>
      ) : null}
    </div>
  );
}
