// `npm run dev`: Vite with hot reload on port 5173 (it proxies /api to port 3000) beside the API
// server restarted by tsx on every change. Ctrl-C stops both; if one exits, the other is stopped.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);

const children = [
  spawn(process.execPath, [bin('vite', 'bin/vite.js')], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [bin('tsx', 'dist/cli.mjs'), 'watch', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { PORT: '3000', APP_URL: 'http://localhost:5173', ...process.env },
  }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  ).then(() => process.exit(code));
}

for (const child of children) child.once('exit', (code) => stopAll(code ?? 0));
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
