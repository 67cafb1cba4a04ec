import type { ReactNode } from 'react';
import { DialogFrame } from '../../components/ui/dialog-frame';

interface RuminationDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/**
 * The modal frame of the New Rumination and edit dialogs. Its content unmounts when closed, so
 * closing always clears the form (spec section 2).
 */
export function RuminationDialog({ title, open, onOpenChange, children }: RuminationDialogProps) {
  return (
    <DialogFrame kind="wide-form" open={open} onOpenChange={onOpenChange} title={title} closeButton>
      {children}
    </DialogFrame>
  );
}
