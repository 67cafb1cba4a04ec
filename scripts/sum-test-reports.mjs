// Sums the JSON reports of the test runners that `npm test` ran (vitest's jest-style report and
// Playwright's) into one closing line, "N passed, N failed, N skipped", so a reader (or CI) sees
// at a glance how many tests ran. A missing report (stage did not run) counts nothing.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky = passed on retry.
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
