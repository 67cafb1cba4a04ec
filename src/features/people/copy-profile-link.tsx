import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

/** "Copy my profile link": the address others can open to find the viewer, with a confirmation. */
export function CopyProfileLink({ userId }: { userId: number }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const link = new URL(`/user/${userId}`, window.location.origin).href;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure address, a refused permission): the link is shown to copy by hand.
      setCopied('failed');
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
        <Trans>Copy my profile link</Trans>
      </button>
      <p role="status" className="text-sm text-ink-muted">
        {copied === 'yes' ? t`Link copied: send it to someone who should find you.` : null}
        {copied === 'failed' ? t`Copy this link: ${link}` : null}
      </p>
    </div>
  );
}
