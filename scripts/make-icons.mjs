#!/usr/bin/env node
// Draws the app's PNG icons (public/icons/) from public/favicon.svg's design, in Chromium
// (scripts/chromium.mjs), so the installed app, the notifications and the favicon look alike:
// - icon-192/512.png ("any"): the favicon as it is, rounded corners on transparent;
// - maskable-192/512.png: the gradient full bleed and the mark inside the central 80% circle,
//   the safe zone a launcher's mask (circle, squircle, rounded square) never cuts into;
// - apple-touch-icon-180.png: the same, opaque (iOS paints transparency black, rounds itself);
// - badge-96.png: the mark alone, white on transparent (Android draws a badge's alpha only).
// Run after changing favicon.svg: node scripts/make-icons.mjs; commit the PNGs.
import fs from 'node:fs';
import path from 'node:path';
import { chromiumLaunchOptions } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'public', 'icons');
const favicon = fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');

// The favicon's parts: its gradient (defs) and the mark (the white path), in a 32-unit square.
const defs = /<defs>[\s\S]*<\/defs>/.exec(favicon)?.[0];
const mark = /<path[^>]*\/>/.exec(favicon)?.[0];
if (!defs || !mark) throw new Error('public/favicon.svg: no <defs> or <path> to draw from');
// The mark spans 10..22 on both axes: its centre is the square's.
const MARK_SIZE = 12;

/** The mark scaled to `share` of the square, centred, over an optional full-bleed background. */
function markOn(share, { background, fill }) {
  const scale = (32 * share) / MARK_SIZE;
  const coloured = fill ? mark.replace(/fill="[^"]*"/, `fill="${fill}"`) : mark;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${defs}${
    background ? '<rect width="32" height="32" fill="url(#g)"/>' : ''
  }<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${coloured}</g></svg>`;
}

// In the favicon the mark is 12/32 of the square; on a maskable icon, whose outer 10% on every
// side may be masked away, the same share keeps its corners (at 0.53 of the radius) well inside.
const FAVICON_SHARE = MARK_SIZE / 32;
const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'maskable-192.png', size: 192, svg: markOn(FAVICON_SHARE, { background: true }) },
  { file: 'maskable-512.png', size: 512, svg: markOn(FAVICON_SHARE, { background: true }) },
  { file: 'apple-touch-icon-180.png', size: 180, svg: markOn(0.45, { background: true }) },
  { file: 'badge-96.png', size: 96, svg: markOn(0.8, { background: false, fill: '#fff' }) },
];

const { chromium } = await import('playwright-core');
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  fs.mkdirSync(outDir, { recursive: true });
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
    );
    await page.screenshot({
      path: path.join(outDir, file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(`public/icons/${file} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
