// Bundles the server (server/main.ts and the src/ modules it imports) into dist-server/main.mjs with
// esbuild, so that `npm start` runs it with plain `node` instead of through tsx (whose loader alone
// costs ~38 MB of RSS). Packages from node_modules stay external (better-sqlite3 is native).
//
// `node scripts/build-server.mjs` builds unconditionally; start.mjs imports `ensureServerBuilt`,
// which builds only when the bundle is missing or older than any file that went into it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const outDir = path.join(root, 'dist-server');
export const bundle = path.join(outDir, 'main.mjs');
const inputsFile = path.join(outDir, 'inputs.json');
// Besides the bundled inputs: anything that changes how the bundle is made.
const ALWAYS = [
  'scripts/build-server.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'server',
];

/** Newest modification time under `entry` (a file or a folder), or Infinity when it does not exist. */
function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return Infinity;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

export function serverIsStale() {
  let built;
  let inputs;
  try {
    built = fs.statSync(bundle).mtimeMs;
    inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8'));
  } catch {
    return true;
  }
  return [...ALWAYS, ...inputs].some((p) => newestMtime(path.join(root, p)) > built);
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  // Built in a private folder and renamed into place, so that a server starting concurrently (e.g.
  // parallel tests) never imports a half-written bundle.
  const tmp = fs.mkdtempSync(path.join(root, '.dist-server-'));
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile: path.join(tmp, 'main.mjs'),
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  fs.writeFileSync(
    path.join(tmp, 'inputs.json'),
    JSON.stringify(Object.keys(result.metafile.inputs).sort(), null, 2) + '\n',
  );
  fs.mkdirSync(outDir, { recursive: true });
  // The bundle after its map, and the input list last, so a half-finished build is never taken for a fresh one.
  for (const name of ['main.mjs.map', 'main.mjs', 'inputs.json']) {
    fs.renameSync(path.join(tmp, name), path.join(outDir, name));
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}

export async function ensureServerBuilt() {
  if (!serverIsStale()) return;
  console.log('Building the server (dist-server/ is missing or older than its sources)...');
  await buildServer();
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildServer();
}
