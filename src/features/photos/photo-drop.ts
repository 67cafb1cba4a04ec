import { useMemo, useState, type ClipboardEvent, type DragEvent } from 'react';

/** The files of a drop or a paste that carries any (text pastes and drags are left alone). */
function filesOf(data: DataTransfer | null): File[] {
  return data ? [...data.files] : [];
}

function carriesFiles(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes('Files');
}

/**
 * Handlers that let a whole composer take photos: dropped onto it, or pasted into it (a screenshot,
 * a photo copied from another app). Text pasted and dragged goes where it went before.
 */
export function usePhotoDrop(add: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  return useMemo(
    () => ({
      dragging,
      handlers: {
        onDragOver: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        },
        onDragLeave: (event: DragEvent) => {
          // Leaving for a child of the zone is not leaving it.
          if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
          setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          setDragging(false);
          const files = filesOf(event.dataTransfer);
          if (files.length === 0) return;
          event.preventDefault();
          add(files);
        },
        onPaste: (event: ClipboardEvent) => {
          const files = filesOf(event.clipboardData).filter((f) => f.type.startsWith('image/'));
          if (files.length === 0) return;
          event.preventDefault();
          add(files);
        },
      },
    }),
    [add, dragging],
  );
}
