// `npm start`: the production server. Builds the SPA with Vite when dist/ is missing or older than
// its sources, bundles the server into dist-server/main.mjs (scripts/build-server.mjs) when that is
// missing or older than its sources, then runs the bundle with plain node (no tsx loader: ~38 MB
// less RSS) in this process, so that SIGTERM and SIGINT reach the server's own graceful shutdown.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundle, ensureServerBuilt } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'];

/** Newest modification time under `entry` (a file or a folder), or 0 when it does not exist. */
function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    // The router plugin rewrites this file during every build.
    if (name === 'routeTree.gen.ts') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function spaIsStale() {
  const built = newestMtime(path.join(dist, 'index.html'));
  if (built === 0) return true;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

// STATIC_DIR pointing elsewhere means someone else built the SPA (e.g. the browser tests).
const staticDir = process.env.STATIC_DIR ? path.resolve(process.env.STATIC_DIR) : dist;
if (staticDir === dist && spaIsStale()) {
  console.log('Building the web app (dist/ is missing or older than its sources)...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web app build failed; not starting the server.');
    process.exit(result.status ?? 1);
  }
}

try {
  await ensureServerBuilt();
} catch (error) {
  console.error('The server build failed; not starting the server.', error);
  process.exit(1);
}

// The server resolves relative paths (dist/, data/) against the working directory, not its own file.
process.chdir(root);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
