// Sums the JSON reports of the test runners that `npm test` ran (vitest's jest-style report and
// Playwright's) into one closing line, "N passed, N failed, N skipped", so a reader (or CI) sees
// at a glance how many tests ran. Above it, each failed test by file and name with the first line
// of its error: CI keeps only the end of a long log, where a stage's own failure list is long gone.
// A missing report (stage did not run) counts nothing.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const root = process.cwd();
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

const firstLine = (text) =>
  String(text ?? '')
    // Colours and the stack are noise at the end of a log.
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '') ?? '';
// Vitest's JSON report keeps only an error's stack, and a timeout's stack is its placeholder
// "Error: STACK_TRACE_ERROR": say what happened instead.
const vitestError = (text, duration) => {
  const line = firstLine(text);
  return line === 'Error: STACK_TRACE_ERROR'
    ? `timed out (a test or hook ran past its timeout; the test took ${Math.round(duration ?? 0)} ms)`
    : line;
};
const relative = (file) => path.relative(root, file ?? '') || String(file);

function vitestFailures(report, name) {
  for (const file of report.testResults ?? []) {
    const where = relative(file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(
        `${name}: ${where} › ${test.fullName}: ${vitestError(test.failureMessages?.[0], test.duration)}`,
      );
    }
    // A file that failed outside any test (an import, a hook) has no failed assertion to show.
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`${name}: ${where}: ${firstLine(file.message)}`);
    }
  }
}

function playwrightFailures(suite, name, titles = []) {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const last = test.results?.at(-1);
      const error = firstLine(last?.error?.message ?? last?.errors?.[0]?.message);
      failures.push(
        `${name}: ${spec.file}:${spec.line} › ${[...here, spec.title].join(' › ')}: ${error}`,
      );
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, name, here);
}

for (const name of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright: expected = passed, unexpected = failed, flaky = passed on retry.
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, name);
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    vitestFailures(report, name);
  }
}
if (failures.length > 0) {
  console.log(`Failed tests (report: file › test: first line of the error):`);
  for (const failure of failures) console.log(`  ${failure.slice(0, 400)}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
