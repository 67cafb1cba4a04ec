import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './repo-root';

/**
 * Builds the SPA into `outDir`, a temporary folder of the caller's (not the shared dist/, which
 * other people in this working tree may be building or serving at the same moment). `mode` is
 * Vite's (`demo` for the demo build). Vite's manifest is written too (.vite/manifest.json), so
 * that one build serves the client budget (scripts/client-budget.mjs) as well as the browsers.
 */
export async function viteBuild(outDir: string, mode?: string): Promise<void> {
  const args = ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest'];
  args.push('--logLevel', 'warn');
  if (mode) args.push('--mode', mode);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npx', args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`vite build ${mode ?? ''} failed (${code}):\n${output}`)),
    );
  });
  if (!fs.existsSync(path.join(outDir, 'index.html'))) {
    throw new Error(`vite build wrote no index.html into ${outDir}`);
  }
}

/** A build of the app (or of the demo) to serve, and what to do once it is no longer needed. */
export interface AppBuild {
  dir: string;
  release(): void;
}

/**
 * The app's build (`mode` 'demo': the demo's) for a script or a test run to serve. With
 * BUILD_CACHE_DIR set (`npm test` builds once and sets it for every stage), the build in its
 * dist/ (or dist-demo/) folder, made there first if it is missing, and kept; otherwise a build of
 * its own in a temporary folder, removed on release.
 */
export async function appBuild(mode?: 'demo'): Promise<AppBuild> {
  const cache = process.env.BUILD_CACHE_DIR;
  if (cache) {
    const dir = path.resolve(cache, mode === 'demo' ? 'dist-demo' : 'dist');
    if (!fs.existsSync(path.join(dir, 'index.html'))) await viteBuild(dir, mode);
    return { dir, release: () => undefined };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ruminations-build-${mode ?? 'app'}-`));
  await viteBuild(dir, mode);
  return { dir, release: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
