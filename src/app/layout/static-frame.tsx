/* eslint-disable lingui/no-unlocalized-strings -- rendered at build time, outside Lingui: in
   English, its words hidden until the app renders when the page speaks another language. */
import { BarFrame, logoLinkProps, PageFrame, publicLinkProps } from './page-frame';

/**
 * The frame index.html holds before the app's code has run (build/static-shell.ts renders it at
 * build time): the bar with what every visitor's bar starts with, and an empty main column. It
 * paints with the HTML and its inline styles, a phone's first paint no longer waits for the
 * JavaScript; the app replaces it when it renders. Plain links: a tap before then still works.
 * Built once for every language, so in English (the app's bar says the same in the language
 * spoken, nav-bar.tsx); no macro: the build renders it outside Lingui's compilation. On a page
 * whose language is another (src/boot/theme-init.js sets it before the first paint), the word
 * keeps its place but is not shown: never English beside another language.
 */
export function StaticFrame() {
  return (
    <PageFrame
      bar={
        <BarFrame label="Main">
          <a href="/public" aria-label="Ruminations, public ruminations" {...logoLinkProps} />
          <a href="/public" {...publicLinkProps}>
            <span className="[:root:not(:lang(en))_&]:invisible">Public</span>
          </a>
        </BarFrame>
      }
    />
  );
}
