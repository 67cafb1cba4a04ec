import type { AudienceKind } from '../../domain/audience-words';

/** Each kind's outline (20×20): a globe for public, two people, a padlock for "only you". */
const PATHS: Record<AudienceKind, string> = {
  public:
    'M10 2.5a7.5 7.5 0 1 0 0 15a7.5 7.5 0 1 0 0-15M2.5 10h15M10 2.5c-3 3.5-3 11.5 0 15M10 2.5c3 3.5 3 11.5 0 15',
  people:
    'M7 9a2.5 2.5 0 1 0 0-5a2.5 2.5 0 1 0 0 5M2.5 16c0-3 2-4.5 4.5-4.5s4.5 1.5 4.5 4.5M13.5 9a2 2 0 1 0 0-4M14 11.5c2 .2 3.5 1.6 3.5 4.5',
  onlyYou: 'M5 9h10v8H5zM7 9V6.5a3 3 0 0 1 6 0V9',
};

/**
 * The icon beside an audience's words, on cards and in the composer. Inline and tiny: cards show
 * it to visitors on their first page, where every byte counts.
 */
export function AudienceIcon({
  kind,
  className = 'size-4',
}: {
  kind: AudienceKind;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 20 20" className={`shrink-0 ${className}`} aria-hidden="true">
      <path d={PATHS[kind]} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
