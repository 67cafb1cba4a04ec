import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ruminationContent } from '../../api/content-rules';
import { RUMINATION_MAX } from '../../api/limits';
import { CharacterCount } from '../../components/ui/character-count';
import type { RuminationMedia } from '../../api/media-schemas';
import type { Rumination, RuminationWriteRequest } from '../../api/rumination-schemas';
import {
  RELATION_TYPES,
  audienceNameOf,
  relationTypeOfAudience,
  type AudienceName,
} from '../../domain/relation-types';
import { chosenAudiencesOf } from '../../domain/rumination-decisions';
import { AudiencePicker } from '../composer/audience-picker';
import { ComposerQuestion } from '../composer/composer-question';
import { WhoWillRead } from '../composer/who-will-read';
import type { FirstPublicQuestion } from '../preferences/first-public-note';
import { FirstPublicDialog } from '../preferences/first-public-dialog';
import { useCurrentUser } from '../auth/use-current-user';
import { MentionPicker, useMentionTyping } from '../composer/mention-typing';
import { PhotoTray } from '../photos/photo-tray';
import { usePhotoDrop } from '../photos/photo-drop';
import type { QueuedPhoto } from '../photos/queued-photos';
import { usePhotoUploads, type SettledPhotos } from '../photos/use-photo-uploads';
import { sayShared } from '../../lib/i18n/language';

/**
 * What the form holds: the contract's own content rule (trimmed, required, at most 5,000
 * characters, with its messages) and audiences by name, or null while nobody is chosen yet ([] is
 * Public, chosen). A field added to the contract's write request is added here and nowhere else on
 * the client: the dialogs send what the form submits.
 */
const ruminationFormSchema = z.object({
  content: ruminationContent,
  // Only ever ticked from RELATION_TYPES below, so typed, not checked (checking would pull the
  // list of names into the first visit's shared chunk of relation-types).
  audiences: z.array(z.custom<AudienceName>()).nullable(),
});
export type RuminationFormValues = z.input<typeof ruminationFormSchema>;

/** The form's values for an existing rumination (the edit dialog): a draft may have nobody chosen. */
export function formValuesOf(rumination: Rumination): RuminationFormValues {
  const chosen = chosenAudiencesOf({
    isPublished: rumination.isPublished,
    audiences: rumination.audiences.map((a) => a.relationType),
  });
  return { content: rumination.content, audiences: chosen?.map(audienceNameOf) ?? null };
}

/** Form values read back from a kept copy (stored by an older version, maybe): null if not. */
export function formValuesFrom(raw: unknown): RuminationFormValues | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { content, audiences } = raw as Record<string, unknown>;
  if (typeof content !== 'string') return null;
  // Kept before anybody was chosen: still to choose.
  if (audiences === null) return { content, audiences: null };
  if (!Array.isArray(audiences)) return null;
  const names = new Set<unknown>(audiences);
  return {
    content,
    audiences: RELATION_TYPES.map((t) => t.name).filter((name) => names.has(name)),
  };
}

/** Whether two sets of form values say the same (audiences in any order; none chosen is not Public). */
export function sameFormValues(a: RuminationFormValues, b: RuminationFormValues): boolean {
  if (a.content !== b.content) return false;
  if (a.audiences === null || b.audiences === null) return a.audiences === b.audiences;
  const other = b.audiences;
  return a.audiences.length === other.length && a.audiences.every((name) => other.includes(name));
}

/** A new note's start when nothing is known of who reads it: nobody chosen, never Public. */
export const EMPTY_FORM_VALUES: RuminationFormValues = { content: '', audiences: null };

const NO_MEDIA: readonly RuminationMedia[] = [];

interface RuminationFormProps {
  initialValues?: RuminationFormValues;
  /** True while a save is in flight: both buttons are disabled (spec section 2). */
  isSaving: boolean;
  /** The note's photos when the form opened (an edit); none for a new note. */
  initialMedia?: readonly RuminationMedia[];
  /**
   * The request body: Save Draft sends publish false, Publish true; `media` once every photo is
   * uploaded. Offline, photos not uploaded yet come apart, kept in the browser, for the queue.
   */
  onSubmit: (body: RuminationWriteRequest, queuedPhotos?: QueuedPhoto[]) => Promise<unknown>;
  /** Whether the photos differ from those the form opened with (closing then asks first). */
  onPhotosChange?: (changed: boolean) => void;
  /** Every change the person makes, for the composer to keep. */
  onValuesChange?: (values: RuminationFormValues) => void;
  /** The note is published: Save Draft would take it down, so it asks first. */
  takesDown?: boolean;
  /** Publishing to no audience asks first when this says so (an account's first public note). */
  firstPublic?: FirstPublicQuestion;
}

/** Content and audiences with Save Draft and Publish; shared by creating and editing. */
export function RuminationForm({
  initialValues = EMPTY_FORM_VALUES,
  isSaving,
  initialMedia = NO_MEDIA,
  onSubmit,
  onValuesChange,
  onPhotosChange,
  takesDown = false,
  firstPublic,
}: RuminationFormProps) {
  const { t } = useLingui();
  const contentId = useId();
  const contentErrorId = `${contentId}-error`;
  const {
    register,
    control,
    handleSubmit,
    reset,
    subscribe,
    setValue,
    formState: { errors },
  } = useForm<RuminationFormValues, unknown, z.output<typeof ruminationFormSchema>>({
    resolver: zodResolver(ruminationFormSchema),
    defaultValues: initialValues,
  });
  const trimmedLength = useWatch({ control, name: 'content' }).trim().length;
  const isBlank = trimmedLength === 0;
  const countId = `${contentId}-count`;
  const userId = useCurrentUser()?.id ?? null;
  const mention = useMentionTyping((value) =>
    setValue('content', value, { shouldDirty: true, shouldValidate: Boolean(errors.content) }),
  );
  const uploads = usePhotoUploads(initialMedia);
  const drop = usePhotoDrop(uploads.add);
  // Submitted while photos were still uploading: the note waits for them.
  const [settling, setSettling] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const disabled = isBlank || isSaving || settling;
  // The contract's own rule's message (src/api), in the language spoken.
  const contentError = errors.content?.message && sayShared(errors.content.message);

  const [askingTakeDown, setAskingTakeDown] = useState(false);
  const [askingPublic, setAskingPublic] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const pickerButton = useRef<HTMLButtonElement>(null);
  // Publish was pressed with nobody chosen: said until somebody (or Public) is.
  const [choiceMissing, setChoiceMissing] = useState(false);
  const audiencesChosen = useWatch({ control, name: 'audiences' }) !== null;
  // Set before anything is awaited: both clicks of a double-click run before React re-renders,
  // so `isSaving` alone would let the second through.
  const submitting = useRef(false);

  useEffect(() => {
    // A new start read late (a new note's default audiences, rumination-dialog.tsx): taken in
    // place, the focus and anything already typed kept.
    reset(initialValues, { keepDirtyValues: true });
  }, [reset, initialValues]);

  const photosChanged = uploads.changed;
  useEffect(() => {
    onPhotosChange?.(photosChanged);
  }, [onPhotosChange, photosChanged]);

  /** Waits for the uploads under way; a reason not to send is shown beside the buttons. */
  const settlePhotos = async (): Promise<SettledPhotos> => {
    setPhotoProblem(null);
    setSettling(true);
    try {
      return await uploads.settle(userId);
    } catch (error) {
      console.error(error);
      return { problem: t`The photos could not be kept in this browser: try again.` };
    } finally {
      setSettling(false);
    }
  };

  useEffect(() => {
    if (!onValuesChange) return;
    // Every change, without re-rendering the form for it.
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => onValuesChange({ ...values }),
    });
  }, [subscribe, onValuesChange]);

  /** Opens the picker with the focus on its button, where the choice is made. */
  const goToPicker = () => {
    setPickerOpen(true);
    requestAnimationFrame(() => pickerButton.current?.focus());
  };

  /** `askPublic`: a note valid to publish to everyone asks first, when `firstPublic` says so. */
  const send = (publish: boolean, askPublic = false) => {
    if (submitting.current) return;
    submitting.current = true;
    void handleSubmit(async (values) => {
      // Nobody chosen: a note is published only to whom its writer chose, never Public by
      // default; nothing is sent, and the text stays. A draft reads as only its writer's.
      if (publish && values.audiences === null) {
        setChoiceMissing(true);
        goToPicker();
        return;
      }
      // Sent in the enumeration's order, whatever order they were ticked in.
      const audiences = RELATION_TYPES.map((t) => t.name).filter(
        (name) => values.audiences?.includes(name) ?? false,
      );
      // Nothing is sent before the answer.
      if (askPublic && audiences.length === 0 && firstPublic?.shouldAsk()) {
        setAskingPublic(true);
        return;
      }
      const photos = await settlePhotos();
      if ('problem' in photos) {
        setPhotoProblem(photos.problem);
        return;
      }
      // A note that has and had no photos sends no `media`, as before photos existed.
      const media =
        'media' in photos && (photos.media.length > 0 || initialMedia.length > 0)
          ? { media: photos.media }
          : {};
      await onSubmit(
        { ...values, audiences, publish, ...media },
        'queued' in photos ? photos.queued : undefined,
      );
    })().finally(() => {
      submitting.current = false;
    });
  };

  const publish = () => send(true, true);

  const saveDraft = () => {
    if (takesDown) setAskingTakeDown(true);
    else send(false);
  };

  return (
    <form
      className="flex flex-col gap-4"
      // Photos dropped onto the composer, or pasted into it, join its photos.
      {...drop.handlers}
      onSubmit={(event) => {
        // Enter never submits a textarea; this guards an implicit submission all the same.
        event.preventDefault();
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={contentId} className="text-sm font-medium">
          <Trans>Content</Trans>
        </label>
        <textarea
          id={contentId}
          // Each writer's own direction (Arabic, Hebrew...), decided by what they type.
          dir="auto"
          rows={6}
          placeholder={t`What's on your mind?`}
          className="field-input min-h-32 resize-y"
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? `${contentErrorId} ${countId}` : countId}
          {...register('content')}
          {...mention.bind}
        />
        {mention.typed ? (
          <Suspense fallback={null}>
            <MentionPicker
              writerId={userId}
              query={mention.typed.query}
              onChoose={mention.choose}
              onClose={mention.close}
            />
          </Suspense>
        ) : null}
        <CharacterCount id={countId} length={trimmedLength} max={RUMINATION_MAX} />
        {contentError ? (
          <p id={contentErrorId} className="field-error">
            {contentError}
          </p>
        ) : null}
      </div>

      <PhotoTray uploads={uploads} dragging={drop.dragging} disabled={isSaving || settling} />

      <Controller
        control={control}
        name="audiences"
        render={({ field }) => (
          <AudiencePicker
            label={t`Who can read it`}
            value={field.value}
            onChange={field.onChange}
            open={pickerOpen}
            onOpenChange={setPickerOpen}
            buttonRef={pickerButton}
          />
        )}
      />
      {choiceMissing && !audiencesChosen ? (
        <p role="alert" className="text-sm text-danger">
          <Trans>Choose who can read it first.</Trans>
        </p>
      ) : null}

      <WhoWillReadForm control={control} writerId={userId} />
      {settling ? (
        <p role="status" className="text-sm text-ink-muted">
          <Trans>Waiting for the photos to upload...</Trans>
        </p>
      ) : null}
      {photoProblem ? (
        <p role="alert" className="text-sm text-danger">
          {sayShared(photoProblem)}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" disabled={disabled} onClick={saveDraft} className="btn btn-secondary">
          <Trans>Save Draft</Trans>
        </button>
        <button type="button" disabled={disabled} onClick={publish} className="btn btn-primary">
          <Trans>Publish</Trans>
        </button>
      </div>
      {firstPublic ? (
        <FirstPublicDialog
          open={askingPublic}
          onChoose={() => {
            firstPublic.asked();
            setAskingPublic(false);
            // Back to the picker, open, with the focus on its button.
            goToPicker();
          }}
          onPublish={() => {
            firstPublic.asked();
            setAskingPublic(false);
            send(true);
          }}
        />
      ) : null}
      {takesDown ? (
        <ComposerQuestion
          open={askingTakeDown}
          onStay={() => setAskingTakeDown(false)}
          onGo={() => {
            setAskingTakeDown(false);
            send(false);
          }}
          title={t`Take this note down?`}
          description={t`Saving it as a draft hides it from everyone who can read it now.`}
          stayLabel={t`Keep it published`}
          goLabel={t`Save as draft`}
        />
      ) : null}
    </form>
  );
}

/** The composer's audience names as the relation types WhoWillRead speaks of (null: not chosen). */
function WhoWillReadForm({
  control,
  writerId,
}: {
  control: Control<RuminationFormValues>;
  writerId: number | null;
}) {
  const audiences = useWatch({ control, name: 'audiences' });
  return (
    <WhoWillRead
      audiences={audiences === null ? null : audiences.map(relationTypeOfAudience)}
      writerId={writerId}
    />
  );
}
