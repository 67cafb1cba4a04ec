import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TrashPage } from '../../../features/trash/trash-page';

/** The trash: deleted notes, to restore or erase for good. The page loads its list itself. */
export const Route = createFileRoute('/_auth/_accepted/trash')({
  staticData: { title: msg`Trash` },
  component: TrashPage,
});
