/** How one reaction's count looks, for visitors (reaction-bar.tsx) and readers (reaction-controls.tsx). */
export const REACTION_CHIP =
  'inline-flex min-h-8 items-center gap-1 rounded-full border border-line bg-page px-2.5 text-sm text-ink';
