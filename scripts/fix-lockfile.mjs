// Adds lock entries for optional platform packages (e.g. @rollup/rollup-android-arm-eabi) that the
// registry reachable here does not serve. Without them `npm ci` refuses the lock as out of sync;
// with them it skips those packages on this platform as it would anyway. Run after `npm install`.
import fs from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pk = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(pk)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    // resolve like node: nested first, then hoisted
    const nested = `${path ? path + '/' : ''}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (pk[nested] || pk[top]) continue;
    pk[top] = { version: spec.replace(/^[\^~=]/, ''), optional: true };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(pk).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log('added', added);
