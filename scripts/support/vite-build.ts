import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo-root';

/**
 * Builds the SPA into `outDir`, a temporary folder of the caller's (not the shared dist/, which
 * other people in this working tree may be building or serving at the same moment). `mode` is
 * Vite's (`demo` for the demo build).
 */
export async function viteBuild(outDir: string, mode?: string): Promise<void> {
  const args = ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
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
