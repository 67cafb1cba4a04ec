import type { ReactElement, ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { useReturnFocus } from '../../lib/use-return-focus';

const CENTRED = 'fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2';
const SURFACE =
  'rounded-xl border border-line bg-surface p-6 text-ink shadow-xl focus:outline-none';

/** Each kind's panel (whole class names, for Tailwind to find) and title. */
const KINDS = {
  /** A short question and its answers. */
  alert: { panel: `w-[min(28rem,calc(100vw-2rem))] ${SURFACE}`, title: 'text-lg font-semibold' },
  /** Forms scroll inside the panel on a short screen. */
  form: {
    panel: `max-h-[90dvh] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto ${SURFACE}`,
    title: 'text-lg font-semibold',
  },
  'wide-form': {
    panel: `max-h-[90dvh] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto ${SURFACE}`,
    title: 'text-lg font-semibold',
  },
  /** A notice over the page, on a card like the page's own. */
  notice: { panel: 'card w-[calc(100%-2rem)] max-w-lg', title: 'mb-3 text-xl font-semibold' },
} as const;

const keepOpen = (event: Event) => event.preventDefault();

interface DialogFrameProps {
  kind: keyof typeof KINDS;
  open: boolean;
  /** Without it the dialog cannot be dismissed: Escape and clicks outside do nothing. */
  onOpenChange?: (open: boolean) => void;
  title: string;
  /** The element that describes the dialog to assistive technology; without it, nothing does. */
  description?: ReactElement;
  /** An × beside the title that closes the dialog. */
  closeButton?: boolean;
  role?: 'alertdialog';
  children: ReactNode;
}

/**
 * Every modal dialog's frame: the dimmed page, a centred panel with its title and description,
 * and focus back where it was on close. Radix's dialog comes with it, so only lazily loaded
 * screens and dialogs may import it (the first visit does without).
 */
export function DialogFrame({
  kind,
  open,
  onOpenChange,
  title,
  description,
  closeButton = false,
  role,
  children,
}: DialogFrameProps) {
  const { t } = useLingui();
  const returnFocus = useReturnFocus();
  const { panel, title: titleClass } = KINDS[kind];
  const titleElement = <Dialog.Title className={titleClass}>{title}</Dialog.Title>;
  return (
    <Dialog.Root open={open} {...(onOpenChange ? { onOpenChange } : {})}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          {...returnFocus}
          {...(onOpenChange
            ? {}
            : {
                onEscapeKeyDown: keepOpen,
                onPointerDownOutside: keepOpen,
                onInteractOutside: keepOpen,
              })}
          // Radix names a description the dialog lacks, and warns, unless told there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(role ? { role } : {})}
          className={`${CENTRED} ${panel}`}
        >
          {closeButton ? (
            <div className="mb-4 flex items-center justify-between gap-4">
              {titleElement}
              <Dialog.Close aria-label={t`Close`} className="icon-button">
                <svg viewBox="0 0 16 16" className="size-5" aria-hidden="true">
                  <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" />
                </svg>
              </Dialog.Close>
            </div>
          ) : (
            titleElement
          )}
          {description ? <Dialog.Description asChild>{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A button inside a DialogFrame that closes it (Cancel). */
export function DialogCancel() {
  return (
    <Dialog.Close className="btn btn-secondary">
      <Trans>Cancel</Trans>
    </Dialog.Close>
  );
}
