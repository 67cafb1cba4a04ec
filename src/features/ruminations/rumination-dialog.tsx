import { Trans } from '@lingui/react/macro';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import type { RuminationMedia } from '../../api/media-schemas';
import type { RuminationWriteRequest } from '../../api/rumination-schemas';
import { DialogFrame } from '../../components/ui/dialog-frame';
import { useCurrentUser } from '../auth/use-current-user';
import { DiscardQuestion } from '../composer/composer-question';
import { useKeptDraft } from '../composer/use-kept-draft';
import { useOneWrite } from '../composer/use-one-write';
import { useFirstPublicQuestion } from '../preferences/first-public-note';
import {
  ComposerPhotoKeepingContext,
  forgetComposerPhotos,
  keptComposerPhotosFrom,
  type ComposerPhotoKeeping,
  type KeptComposerPhoto,
} from '../photos/kept-composer-photos';
import { keptKeysOf, type QueuedPhoto } from '../photos/queued-photos';
import {
  formValuesFrom,
  RuminationForm,
  sameFormValues,
  type RuminationFormValues,
} from './rumination-form';

/** Where the text started: an empty form, or a note as it was when its edit dialog opened. */
export interface ComposerStart {
  values: RuminationFormValues;
  /** The note's version then (an edit's If-Match); none for a new note. */
  version?: number;
  /** The note's photos then (an edit); none for a new note. */
  media?: RuminationMedia[];
}

/**
 * How a dialog sends: the body, the key its opening holds, the version its edit started from, and
 * photos not uploaded yet (offline: kept in the browser, the queue uploads them before the note).
 */
export type ComposerSave = (
  body: RuminationWriteRequest,
  write: { idempotencyKey: string; baseVersion?: number; photos?: QueuedPhoto[] },
) => Promise<boolean>;

interface RuminationDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whose composer: "new" or "edit:<id>", kept apart per account. */
  slot: string;
  start: ComposerStart;
  isSaving: boolean;
  /** Resolves whether the write left the dialog (sent, or queued offline): then it closes. */
  save: ComposerSave;
  /** Editing a published note: Save Draft asks before taking it down. */
  takesDown?: boolean;
  /** Shown above the form (a failed edit's message). */
  notice?: ReactNode;
  /**
   * False while `start` is still being read (a new note's default audiences): the form shows at
   * once, and takes `start` again when it is ready, unless the person has begun meanwhile.
   */
  ready?: boolean;
}

interface ComposerGuard {
  hasUnsavedText: () => boolean;
  discard: () => void;
}

/**
 * The modal frame of the New Rumination and edit dialogs, and what keeps their text and photos:
 * they are kept in the browser as they change and given back when the same dialog opens again
 * (after a reload or a crash too), and closing with unsaved text (Escape, a click outside, Close)
 * asks first. Its content unmounts when closed, so each opening starts from the kept copy or from
 * `start`.
 */
export function RuminationDialog({
  title,
  open,
  onOpenChange,
  ...composer
}: RuminationDialogProps) {
  const guardRef = useRef<ComposerGuard | null>(null);
  const [asking, setAsking] = useState(false);

  return (
    <DialogFrame
      kind="wide-form"
      open={open}
      onOpenChange={(next) => {
        if (!next && guardRef.current?.hasUnsavedText()) {
          setAsking(true);
          return;
        }
        if (!next) guardRef.current?.discard();
        onOpenChange(next);
      }}
      title={title}
      closeButton
    >
      <Composer {...composer} guardRef={guardRef} onDone={() => onOpenChange(false)} />
      <DiscardQuestion
        open={asking}
        onKeepWriting={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          guardRef.current?.discard();
          onOpenChange(false);
        }}
      />
    </DialogFrame>
  );
}

type ComposerProps = Omit<RuminationDialogProps, 'title' | 'open' | 'onOpenChange'> & {
  guardRef: RefObject<ComposerGuard | null>;
  onDone: () => void;
};

interface KeptRumination {
  values: RuminationFormValues;
  baseVersion?: number;
  /** Its photos, when they differ from those the composer opened with. */
  photos?: KeptComposerPhoto[];
}

function keptRuminationFrom(raw: unknown): KeptRumination | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { values, baseVersion, photos } = raw as Record<string, unknown>;
  const formValues = formValuesFrom(values);
  if (formValues === null) return null;
  const keptPhotos = keptComposerPhotosFrom(photos);
  return {
    values: formValues,
    ...(typeof baseVersion === 'number' ? { baseVersion } : {}),
    ...(keptPhotos ? { photos: keptPhotos } : {}),
  };
}

/** One opening of the dialog: mounted when it opens, so it captures where the text started then. */
function Composer({
  slot,
  start,
  ready = true,
  isSaving,
  save,
  takesDown,
  notice,
  guardRef,
  onDone,
}: ComposerProps) {
  const userId = useCurrentUser()?.id ?? null;
  // The note as the dialog opened: a refetch meanwhile changes neither the baseline nor If-Match.
  const [opened, setOpened] = useState(start);
  // Whether `opened` is the start as it was once ready (a new note's default audiences read).
  const [openedReady, setOpenedReady] = useState(ready);
  const [touched, setTouched] = useState(false);
  if (ready && !openedReady) {
    setOpenedReady(true);
    // Untouched so far: starts again from what was being read (the default audiences).
    if (!touched) setOpened(start);
  }
  const kept = useKeptDraft(userId, slot, keptRuminationFrom);
  const oneWrite = useOneWrite();
  const firstPublic = useFirstPublicQuestion();
  const current = useRef<RuminationFormValues | null>(null);
  // Photos added, removed, reordered or described: closing asks first, as for text.
  const photosChanged = useRef(false);
  const onPhotosChange = useCallback((changed: boolean) => {
    photosChanged.current = changed;
  }, []);
  // The photos kept with the text (issue 39: a restored draft lost them): null while they are
  // those the composer opened with.
  const photosKept = useRef<KeptComposerPhoto[] | null>(null);

  // Typed into before the kept copy was read (a few milliseconds): what is typed wins.
  const [typedFirst, setTypedFirst] = useState(false);
  const restored = typedFirst ? null : kept.restored;
  // A restored edit goes on top of the version it started from, not the one shown now.
  const baseVersion = restored ? restored.baseVersion : opened.version;

  useEffect(() => {
    guardRef.current = {
      hasUnsavedText: () =>
        photosChanged.current ||
        (current.current !== null && !sameFormValues(current.current, opened.values)),
      discard: () => {
        kept.forget();
        void forgetComposerPhotos(photosKept.current);
        oneWrite.end();
      },
    };
    return () => {
      guardRef.current = null;
    };
  }, [guardRef, kept, oneWrite, opened.values]);

  useEffect(() => {
    // A restored text is unsaved until it is saved or discarded, and so are its photos.
    if (!restored) return;
    current.current = restored.values;
    photosKept.current = restored.photos ?? null;
  }, [restored]);

  const { keep } = kept;
  const stillReading = kept.restored === undefined;
  const keepDraft = useCallback(
    (values: RuminationFormValues) => {
      const photos = photosKept.current;
      keep(
        sameFormValues(values, opened.values) && photos === null
          ? null
          : {
              values,
              ...(baseVersion === undefined ? {} : { baseVersion }),
              ...(photos ? { photos } : {}),
            },
      );
    },
    [keep, opened.values, baseVersion],
  );
  const onValuesChange = useCallback(
    (values: RuminationFormValues) => {
      current.current = values;
      setTouched(true);
      if (stillReading) setTypedFirst(true);
      keepDraft(values);
    },
    [keepDraft, stillReading],
  );
  const photoKeeping = useMemo(
    (): ComposerPhotoKeeping => ({
      userId,
      restored: restored?.photos ?? null,
      keep: (photos) => {
        photosKept.current = photos;
        if (stillReading) setTypedFirst(true);
        keepDraft(current.current ?? opened.values);
      },
    }),
    [userId, restored, stillReading, keepDraft, opened.values],
  );

  const submit = async (body: RuminationWriteRequest, photos?: QueuedPhoto[]) => {
    const left = await oneWrite.submit((idempotencyKey) =>
      save(body, {
        idempotencyKey,
        ...(baseVersion === undefined ? {} : { baseVersion }),
        ...(photos ? { photos } : {}),
      }),
    );
    if (!left) return;
    kept.forget();
    // A note queued offline takes the copies of the photos it names; the queue forgets them.
    void forgetComposerPhotos(photosKept.current, keptKeysOf(photos));
    photosKept.current = null;
    current.current = null;
    photosChanged.current = false;
    onDone();
  };

  return (
    <>
      {restored && (restored.photos || !sameFormValues(restored.values, opened.values)) ? (
        <p role="status" className="mb-4 text-sm text-ink-muted">
          <Trans>Restored what you were writing.</Trans>
        </p>
      ) : null}
      {notice}
      <ComposerPhotoKeepingContext.Provider value={photoKeeping}>
        <RuminationForm
          // Shown at once, and once more with the kept copy when it has been read.
          key={restored ? 'restored' : 'opened'}
          initialValues={restored ? restored.values : opened.values}
          isSaving={isSaving}
          {...(opened.media ? { initialMedia: opened.media } : {})}
          onSubmit={submit}
          onValuesChange={onValuesChange}
          onPhotosChange={onPhotosChange}
          takesDown={takesDown ?? false}
          // A note public already is not anyone's first.
          firstPublic={takesDown && opened.values.audiences?.length === 0 ? undefined : firstPublic}
        />
      </ComposerPhotoKeepingContext.Provider>
    </>
  );
}
