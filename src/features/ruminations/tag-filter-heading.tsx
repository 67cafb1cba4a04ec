import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * "Tagged #walk" above a list filtered by a tag, with the page's own way back to the whole list
 * (`clear`, a link that keeps the page's other filters).
 */
export function TagFilterHeading({ tag, clear }: { tag: string; clear: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-page px-3 py-2">
      <h2 className="text-lg font-semibold" dir="auto">
        <Trans>
          Tagged <bdi>#{tag}</bdi>
        </Trans>
      </h2>
      {clear}
    </div>
  );
}

export const clearTagClass = 'btn btn-secondary text-sm no-underline';
