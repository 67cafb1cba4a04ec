/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling: its defaults) on `/public` and
 * `/login` of the production build served by the real server (`npm start`'s entry) with a few
 * people and notes, three runs each; prints the median of each category and the audits that keep
 * a category under 100. Scores are printed, not asserted: on a shared machine they move.
 *
 *   npm run lighthouse -- [--runs 3]
 *   CHROME_PATH  the browser (default /usr/bin/chromium)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createAccount } from './support/accounts';
import { startServer } from './support/server-process';
import { viteBuild } from './support/vite-build';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(args.runs);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
] as const;

interface Run {
  scores: Record<string, number>;
  metrics: Record<string, string>;
  /** Audits under full marks, per category: id, title, what it says. */
  shortfalls: Record<string, string[]>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-lighthouse-'));
  await viteBuild(buildDir);
  const server = await startServer({ label: 'lighthouse', staticDir: buildDir });
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const writer = await createAccount(server, 'lighthouse_writer');
    for (const content of [
      'Walked home the long way tonight. The river smelled like rain.',
      'Sunday lunch at grandma’s: **all eleven of us** around the table.\n\n- lemon cake\n- old songs',
      'Started keeping this journal again. Small notes, most days.',
    ]) {
      await fetch(`${server.baseURL}/api/ruminations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content, publish: true }),
      });
    }
    for (const page of ['/public', '/login']) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${server.baseURL}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page}`);
        const scores: Record<string, number> = {};
        const shortfalls: Record<string, string[]> = {};
        for (const category of CATEGORIES) {
          const c = lhr.categories[category];
          scores[category] = Math.round((c?.score ?? 0) * 100);
          shortfalls[category] = (c?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0)
            .map((ref) => lhr.audits[ref.id]!)
            .filter((audit) => audit.score !== null && audit.score < 1)
            .map(
              (audit) =>
                `${audit.id} (${audit.displayValue ?? Math.round((audit.score ?? 0) * 100)})`,
            );
        }
        const metrics = Object.fromEntries(
          METRICS.map(([id, name]) => [name, lhr.audits[id]?.displayValue ?? '?']),
        );
        runs.push({ scores, metrics, shortfalls });
      }
      const medians = CATEGORIES.map((c) => `${c} ${median(runs.map((r) => r.scores[c]!))}`);
      console.log(`${page}: ${medians.join(', ')} (median of ${RUNS})`);
      const middle = runs[Math.floor(runs.length / 2)]!;
      console.log(`  ${METRICS.map(([, name]) => `${name} ${middle.metrics[name]}`).join(', ')}`);
      for (const category of CATEGORIES) {
        const short = middle.shortfalls[category] ?? [];
        if (short.length > 0)
          console.log(`  ${category} under 100 because of: ${short.join('; ')}`);
      }
    }
  } finally {
    await chrome.kill();
    await server.stop();
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
