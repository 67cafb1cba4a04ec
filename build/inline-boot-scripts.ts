import fs from 'node:fs';
import { transform } from 'esbuild';
import type { Plugin } from 'vite';
import { RUMINATION_PAGE_SIZE } from '../src/api/limits';

/**
 * Puts the scripts that must run before the app's code into index.html itself, minified: the
 * theme (before the first paint) and the first page's API request (while the entry downloads). As
 * files of their own each cost a request, and the theme's held up the first paint by a round trip.
 * The server's Content-Security-Policy allows exactly these by their hashes, read from the built
 * index.html when it starts (server/http/inline-scripts.ts): inline scripts stay forbidden.
 */
/** A script of src/boot/ with its placeholders filled, minified, as an inline <script>. */
export async function inlineScript(file: string, replace: Record<string, string> = {}) {
  let source = fs.readFileSync(new URL(`../src/boot/${file}`, import.meta.url), 'utf8');
  for (const [name, value] of Object.entries(replace)) source = source.replaceAll(name, value);
  const { code } = await transform(source, { minify: true, target: 'es2019' });
  return `<script>${code.trim()}</script>`;
}

export function inlineBootScripts(): Plugin {
  let demo = false;
  const read = inlineScript;
  return {
    name: 'ruminations:inline-boot-scripts',
    configResolved(config) {
      demo = config.mode === 'demo';
    },
    async transformIndexHtml(html) {
      const theme = await read('theme-init.js');
      // The demo's mock backend answers only once its worker runs: nothing to start early there.
      // The URL is the API client's for the first page (rumination-queries.ts: Limit only).
      const early = demo
        ? ''
        : await read('first-page-request.js', {
            __EARLY_PAGES__: JSON.stringify({
              '/public': `/api/ruminations/public?Limit=${RUMINATION_PAGE_SIZE}`,
            }),
          });
      return html.replace('<!-- boot-scripts -->', `${theme}${early}`);
    },
  };
}
