import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { StaticFrame } from '../src/app/layout/static-frame';
import { inlineScript } from './inline-boot-scripts';

/**
 * Makes index.html paint the app's frame before any script has run (a phone's first paint used
 * to wait for the entry to download and run):
 * - the frame (src/app/layout/static-frame.tsx, the app's own components rendered here) goes into
 *   #root, where the app's first render replaces it with the same boxes;
 * - the entry downloads at once but runs once that frame has painted (src/boot/start-app.js);
 * - the style sheet goes into the page itself, so the first paint waits for no other request
 *   (about 7 KB brotli, all the app's CSS: one Tailwind file, no per-route sheets). The
 *   Content-Security-Policy allows inline styles already (Radix's dialogs need them). No file is
 *   left to fetch, so chunks must not ask for it either (with CSS split per chunk, Vite lists it
 *   among their preloads); a build with a style sheet left over fails here rather than ship one
 *   that no page loads.
 */
export function staticShell(): Plugin {
  return {
    name: 'ruminations:static-shell',
    // One style sheet, linked from index.html only: chunks then name no CSS among their preloads.
    config: () => ({ build: { cssCodeSplit: false } }),
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        let page = html.replace(
          '<div id="root"></div>',
          `<div id="root">${renderToStaticMarkup(createElement(StaticFrame))}</div>`,
        );
        const bundle = context.bundle;
        if (bundle === undefined) return page; // the dev server: its styles come as modules
        page = page.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (link, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return link;
            delete bundle[file];
            return `<style>${String(asset.source)}</style>`;
          },
        );
        // The entry: fetched at once, run once the frame has painted (src/boot/start-app.js).
        const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
        const src = entry.exec(page)?.[1];
        if (src === undefined) throw new Error('static-shell: no entry script in index.html');
        const starter = await inlineScript('start-app.js', { __ENTRY__: JSON.stringify(src) });
        page = page
          .replace(entry, `<link rel="modulepreload" crossorigin href="${src}">`)
          .replace('</body>', `${starter}</body>`);
        const left = Object.keys(bundle).filter((file) => file.endsWith('.css'));
        if (left.length > 0) {
          throw new Error(`static-shell: style sheets not in index.html: ${left.join(', ')}`);
        }
        return page;
      },
    },
  };
}
