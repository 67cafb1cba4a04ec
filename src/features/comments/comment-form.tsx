import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { COMMENT_MAX } from '../../api/limits';
import { CharacterCount } from '../../components/ui/character-count';
import { spokenLanguage } from '../../lib/i18n/language';
import { useOneWrite } from '../composer/use-one-write';
import { MentionPicker, useMentionTyping } from '../composer/mention-typing';
import { useCurrentUser } from '../auth/use-current-user';

// Asked only when Cancel would lose text: the dialog's code waits until then.
const DiscardQuestion = lazy(() =>
  import('../composer/composer-question').then((module) => ({ default: module.DiscardQuestion })),
);

interface CommentFormProps {
  /** Accessible name of the text field, e.g. "Add a comment" or "Reply to alice". */
  label: string;
  submitLabel: string;
  pendingLabel: string;
  initialContent?: string;
  isPending: boolean;
  /**
   * Resolves true when the comment was saved (or queued offline); then a new comment's box is
   * emptied. `idempotencyKey` is the form's until then: a retry after a failure sends the same.
   */
  onSubmit: (content: string, idempotencyKey: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/**
 * A comment box: Enter submits, Shift+Enter starts a new line (spec section 5); trimmed content
 * must not be empty, nor longer than the contract allows (said before the server does).
 */
export function CommentForm({
  label,
  submitLabel,
  pendingLabel,
  initialContent = '',
  isPending,
  onSubmit,
  onCancel,
  autoFocus,
}: CommentFormProps) {
  const { t } = useLingui();
  const fieldId = useId();
  const [content, setContent] = useState(initialContent);
  const [tooLong, setTooLong] = useState(false);
  const trimmedLength = content.trim().length;
  const isBlank = trimmedLength === 0;
  const countId = `${fieldId}-count`;
  const errorId = `${fieldId}-error`;
  const oneWrite = useOneWrite();
  const [asking, setAsking] = useState(false);
  const hasUnsavedText = !isBlank && content !== initialContent;
  const writerId = useCurrentUser()?.id ?? null;
  const mention = useMentionTyping(setContent);
  // The contract's limit, in the language's digits (ungrouped, as the message has always read it).
  const max = COMMENT_MAX.toLocaleString(spokenLanguage(), { useGrouping: false });

  const submit = async () => {
    if (isBlank || isPending) return;
    if (trimmedLength > COMMENT_MAX) {
      setTooLong(true);
      return;
    }
    // A second click (or Enter) before React re-renders with isPending is dropped here.
    const saved = await oneWrite.submit((key) => onSubmit(content.trim(), key));
    if (saved && initialContent === '') setContent('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && mention.typed) {
      mention.close();
      return;
    }
    // While an input method composes text, Enter confirms the composition, not the comment.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <form
      // A new comment sits on one line with its button; replies and edits stack with Cancel.
      className={onCancel ? 'flex flex-col gap-2' : 'flex items-end gap-2'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        {label}
      </label>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <textarea
          id={fieldId}
          rows={onCancel ? 2 : 1}
          value={content}
          placeholder={label}
          // Arabic or Hebrew aligns right while it is typed, English left, by its first letters.
          dir="auto"
          autoFocus={autoFocus}
          onChange={(event) => {
            setContent(event.target.value);
            setTooLong(false);
          }}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={tooLong ? `${errorId} ${countId}` : countId}
          onKeyDown={onKeyDown}
          {...mention.bind}
          className="field-input w-full resize-y text-sm"
        />
        {mention.typed ? (
          <Suspense fallback={null}>
            <MentionPicker
              writerId={writerId}
              query={mention.typed.query}
              onChoose={mention.choose}
              onClose={mention.close}
            />
          </Suspense>
        ) : null}
        <CharacterCount id={countId} length={trimmedLength} max={COMMENT_MAX} />
        {tooLong ? (
          <p id={errorId} className="field-error">
            {t`Content must be at most ${max} characters`}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 justify-end gap-2">
        {onCancel ? (
          <button
            type="button"
            onClick={() => (hasUnsavedText ? setAsking(true) : onCancel())}
            className="btn text-ink-muted hover:text-ink"
          >
            <Trans>Cancel</Trans>
          </button>
        ) : null}
        <button type="submit" disabled={isBlank || isPending} className="btn btn-primary">
          {isPending ? pendingLabel : submitLabel}
        </button>
      </div>
      {asking && onCancel ? (
        <Suspense fallback={null}>
          <DiscardQuestion
            open
            onKeepWriting={() => setAsking(false)}
            onDiscard={() => {
              setAsking(false);
              oneWrite.end();
              onCancel();
            }}
          />
        </Suspense>
      ) : null}
    </form>
  );
}
