import { useLingui } from '@lingui/react/macro';
/** Placeholder cards while a rumination list loads. */
export function RuminationListSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading ruminations`} className="flex flex-col gap-4">
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          className="flex animate-pulse flex-col gap-3 rounded-xl border border-line bg-surface p-4 motion-reduce:animate-none"
        >
          <div className="flex items-center gap-2">
            <div className="size-8 rounded-full bg-line" />
            <div className="h-4 w-32 rounded bg-line" />
          </div>
          <div className="h-4 w-full rounded bg-line" />
          <div className="h-4 w-2/3 rounded bg-line" />
        </div>
      ))}
    </div>
  );
}
