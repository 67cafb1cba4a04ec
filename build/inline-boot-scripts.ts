import fs from 'node:fs';
import { transform } from 'esbuild';
import type { Plugin } from 'vite';
import { RUMINATION_PAGE_SIZE } from '../src/api/limits';
import {
  LAST_SCREEN_KEY,
  OFFLINE_MAX_AGE_MS,
  SESSION_MARK_LENGTH,
} from '../src/features/offline/last-screen-format';
import { TOKEN_KEY } from '../src/lib/token-storage';

/**
 * Puts the scripts that must run before the app's code into index.html itself, minified: the
 * theme (before the first paint), the first page's API request (while the entry downloads) and a
 * returning visitor's last screen (painted with the HTML). As
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
  let build = '"dev"';
  const read = inlineScript;
  const tokenKey = JSON.stringify(TOKEN_KEY);
  return {
    name: 'ruminations:inline-boot-scripts',
    configResolved(config) {
      demo = config.mode === 'demo';
      build = String(config.define?.['import.meta.env.VITE_BUILD_ID'] ?? build);
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
            __TOKEN_KEY__: tokenKey,
          });
      // At the end of <body>, once #root is there (the demo keeps its token per tab: none here).
      const lastScreen = demo
        ? ''
        : await read('last-screen.js', {
            __KEY__: JSON.stringify(LAST_SCREEN_KEY),
            __TOKEN_KEY__: tokenKey,
            __MARK_LENGTH__: String(SESSION_MARK_LENGTH),
            __BUILD__: build,
            __MAX_AGE_MS__: String(OFFLINE_MAX_AGE_MS),
          });
      return html
        .replace('<!-- boot-scripts -->', `${theme}${early}`)
        .replace('</body>', `${lastScreen}</body>`);
    },
  };
}
