#!/usr/bin/env node
// The client's weight budget: the gzipped JavaScript that a first visit to a route (by default
// /public, the page strangers land on) downloads before it can render. Read from Vite's build
// manifest: the HTML entry and its static imports, plus the route's code-split chunks
// (TanStack Router's `?tsr-split=` chunks of the route file) and their static imports, plus any
// other <script src> of the built index.html (e.g. a service worker registration).
// Exits 1 above the budget.
//
// Usage: node scripts/client-budget.mjs [--dist DIR] [--route /public] [--budget-kb 120]
//   --dist DIR  measure an existing build made with `build.manifest: true` (or `vite build --manifest`)
//               instead of building into a temporary folder (dist/ is never touched).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string' },
    route: { type: 'string', default: '/public' },
    'budget-kb': { type: 'string', default: '120' },
  },
});
const budgetKb = Number(args['budget-kb']);
const route = args.route.replace(/\/+$/, '') || '/';

let outDir = args.dist;
let tempDir;
if (outDir === undefined) {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-budget-'));
  outDir = tempDir;
  console.error(`Building into ${outDir} ...`);
  const build = () =>
    execFileSync(
      process.execPath,
      [
        path.resolve('node_modules/vite/bin/vite.js'),
        'build',
        '--manifest',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  try {
    build();
  } catch {
    fs.rmSync(tempDir, { recursive: true, force: true });
    console.error('The build failed (see above); no figure.');
    process.exit(2);
  }
}

try {
  const manifestPath = path.join(outDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build with \`vite build --manifest\``);
  }
  /** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

  const escapeRe = /[.*+?^${}()|[\]\\]/g;
  function escape(s) {
    return s.replace(escapeRe, '\\$&');
  }

  // The files of the route in TanStack Router's file-based layout: /public is routes/public.tsx,
  // routes/public/index.tsx or routes/public.index.tsx (any extension).
  const routeName = route === '/' ? 'index' : route.slice(1);
  const routeFile = new RegExp(
    `^src/routes/(${escape(routeName)}|${escape(routeName)}/index|${escape(routeName)}\\.index)\\.[jt]sx?(\\?|$)`,
  );

  const entryKeys = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const routeKeys = Object.keys(manifest).filter((k) => routeFile.test(manifest[k].src ?? k));
  if (entryKeys.length === 0) throw new Error('no entry in the manifest');
  if (routeKeys.length === 0) {
    console.error(`warning: no chunk of the route ${route} in the manifest (not code-split?)`);
  }

  /** Every file reached by static imports from `keys`, each once. */
  const files = new Map(); // file -> why
  const notLoaded = new Map();
  function visit(key, why) {
    const chunk = manifest[key];
    if (chunk === undefined || files.has(chunk.file)) return;
    files.set(chunk.file, why);
    for (const i of chunk.imports ?? []) visit(i, `imported by ${chunk.file}`);
    for (const d of chunk.dynamicImports ?? []) {
      const f = manifest[d]?.file;
      if (f !== undefined) notLoaded.set(f, d);
    }
  }
  for (const k of entryKeys) visit(k, 'entry');
  for (const k of routeKeys) visit(k, `route ${route}`);

  // Scripts of index.html that the manifest does not know (plugins inject some).
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="\/?([^"]+)"/g)) {
    const file = m[1];
    if (!/^https?:/.test(file) && !files.has(file)) files.set(file, 'index.html <script>');
  }

  const rows = [];
  let totalRaw = 0;
  let totalGzip = 0;
  for (const [file, why] of files) {
    if (!file.endsWith('.js')) continue;
    const buf = fs.readFileSync(path.join(outDir, file));
    // zlib's default level: what on-the-fly compression (e.g. @fastify/compress) sends.
    const gz = zlib.gzipSync(buf).length;
    totalRaw += buf.length;
    totalGzip += gz;
    rows.push({ file, why, raw: buf.length, gz });
  }
  for (const f of files.keys()) notLoaded.delete(f);

  const kb = (n) => (n / 1024).toFixed(1).padStart(7);
  console.log(`First visit to ${route}: JavaScript loaded`);
  console.log(`${'file'.padEnd(44)} ${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)}  why`);
  for (const r of rows) {
    console.log(`${r.file.padEnd(44)} ${kb(r.raw)} ${kb(r.gz)}  ${r.why}`);
  }
  console.log(`${'total'.padEnd(44)} ${kb(totalRaw)} ${kb(totalGzip)}`);
  if (notLoaded.size > 0) {
    const lazy = [...notLoaded.keys()].filter((f) => f.endsWith('.js'));
    console.log(`(not counted, loaded on demand: ${lazy.join(', ')})`);
  }
  const ok = totalGzip <= budgetKb * 1024;
  console.log(
    `${ok ? 'OK' : 'OVER BUDGET'}: ${(totalGzip / 1024).toFixed(1)} KB gzipped, budget ${budgetKb} KB`,
  );
  process.exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
} finally {
  if (tempDir !== undefined) fs.rmSync(tempDir, { recursive: true, force: true });
}
