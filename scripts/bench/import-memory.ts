import fs from 'node:fs';
import path from 'node:path';
import { zipSync, strToU8, type Zippable } from 'fflate';
import sharp from 'sharp';
import { createAccount } from '../support/accounts';
import { settledRss, startServer } from '../support/server-process';
import { prng } from './data-set';

/**
 * `npm run bench:import`: does a large journal import keep the server's memory bounded? Builds a Day
 * One JSON export of 10,000 entries and 200 photos (1600 × 1200 JPEGs, stored), starts the real
 * server (the bundle `npm start` runs) on a temporary SQLite database, measures its idle RSS,
 * uploads the zip to POST /api/account/import, polls the job until it ends while sampling the
 * server's RSS every 50 ms, and prints the peak and the time taken.
 *
 *   npm run bench:import [-- --entries 10000 --photos 200]
 */

const SAMPLE_MS = 50;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : Number(process.argv[at + 1]);
  return value !== undefined && Number.isFinite(value) ? value : fallback;
}

const ENTRIES = option('entries', 10_000);
const PHOTOS = option('photos', 200);
/** Distinct pictures: the rest repeat them under other names (decoding does not care). */
const PICTURES = 20;

const WORDS = (
  'morning coffee walk thought remember quiet rain garden letter mother father friend tomorrow ' +
  'yesterday wonder small light window evening afraid hope maybe still the a of and to in is it'
).split(' ');

async function picture(seed: number): Promise<Uint8Array> {
  const rand = prng(seed);
  const [width, height] = [1600, 1200];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(rand() * 64) + (i % 3) * 60;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The Day One zip, written to `file`; answers its size in bytes. */
async function buildZip(file: string): Promise<number> {
  const rand = prng(42);
  const pictures = await Promise.all(Array.from({ length: PICTURES }, (_, i) => picture(i + 1)));
  const files: Zippable = {};
  const entries = [];
  const start = Date.parse('2015-01-01T00:00:00Z');
  for (let i = 0; i < ENTRIES; i++) {
    let text = `Day ${i}\\.`;
    const target = 200 + Math.floor(rand() * 1000);
    while (text.length < target) text += ` ${WORDS[Math.floor(rand() * WORDS.length)] ?? 'word'}`;
    // One photo on each of the first PHOTOS entries spread over the journal.
    const photoIndex = Math.floor((i * PHOTOS) / ENTRIES);
    const hasPhoto = PHOTOS > 0 && Math.floor(((i + 1) * PHOTOS) / ENTRIES) > photoIndex;
    const md5 = `p${String(photoIndex).padStart(6, '0')}`;
    if (hasPhoto) {
      text += `\n\n![](dayone-moment://M${photoIndex})`;
      files[`photos/${md5}.jpeg`] = [pictures[photoIndex % PICTURES]!, { level: 0 }];
    }
    entries.push({
      uuid: `U${String(i).padStart(8, '0')}`,
      creationDate: new Date(start + i * 3_600_000 * 7).toISOString(),
      text,
      tags: rand() < 0.3 ? ['Bench', 'day one'] : [],
      ...(hasPhoto ? { photos: [{ md5, identifier: `M${photoIndex}`, type: 'jpeg' }] } : {}),
    });
  }
  files['Journal.json'] = strToU8(JSON.stringify({ metadata: { version: '1.0' }, entries }));
  const zip = zipSync(files);
  fs.writeFileSync(file, zip);
  return zip.length;
}

const mb = (n: number) => `${n.toFixed(1)} MB`;

async function main(): Promise<void> {
  const server = await startServer({ label: 'import-bench' });
  try {
    const file = path.join(server.dataDir, 'dayone.zip');
    const bytes = await buildZip(file);
    console.log(
      `Journal import memory: ${ENTRIES} entries, ${PHOTOS} photos, a ${mb(bytes / 1024 / 1024)} zip`,
    );
    const account = await createAccount(server, 'importer');
    const idle = await settledRss(server, SAMPLE_MS);
    console.log(`  idle RSS   ${mb(idle)}`);

    let peak = server.rss();
    const sampler = setInterval(() => {
      peak = Math.max(peak, server.rss());
    }, SAMPLE_MS);
    const started = performance.now();
    let job: { state: string; imported: number; skipped: number; errors: unknown[] };
    try {
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file), 'dayone.zip');
      const res = await fetch(`${server.baseURL}/api/account/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.token}` },
        body: form,
      });
      if (res.status !== 202) throw new Error(`import: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as { id: number };
      console.log(`  uploaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      for (;;) {
        await new Promise((r) => setTimeout(r, 500));
        const read = await fetch(`${server.baseURL}/api/account/import/${id}`, {
          headers: { authorization: `Bearer ${account.token}` },
        });
        job = (await read.json()) as typeof job;
        if (job.state !== 'running') break;
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, server.rss(), server.peakRss());
    console.log(
      `  ${job.state}: ${job.imported} imported, ${job.skipped} skipped in ${seconds.toFixed(1)} s`,
    );
    console.log(`  peak RSS   ${mb(peak)}  (+${mb(peak - idle)} over idle)`);
    if (job.state !== 'done' || job.imported !== ENTRIES) {
      console.log(`  PROBLEM: ${JSON.stringify(job.errors.slice(0, 5))}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

await main();
