/** The word mark with a small speech-cloud glyph. */
export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-semibold text-ink">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 text-accent" fill="none">
        <path
          d="M4 12a8 7 0 1 1 4.5 6.3L4 20l1.2-3.6A6.8 6.8 0 0 1 4 12Z"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {/* The word mark gives way on narrow phones; the link around the logo has a label. */}
      {/* eslint-disable-next-line lingui/no-unlocalized-strings -- the app's name, in every language */}
      <span className="hidden min-[420px]:inline">Ruminations</span>
    </span>
  );
}
