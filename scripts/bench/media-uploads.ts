/**
 * `npm run bench:media`: what ten large photo uploads at once cost the server (issue 27: its RSS
 * with ten 15 MB uploads in parallel stays within 150 MB of idle). Starts the real server (the
 * bundle `npm start` runs) on a temporary SQLite database and data folder, signs a person up
 * through the API, uploads one small photo to warm up (libvips loads its codecs on first use),
 * measures the idle RSS, then sends ten ~14.5 MB JPEGs at once as a browser does (multipart over
 * real sockets) while sampling the server's RSS from /proc every 20 ms and timing a read
 * (GET /api/ruminations/my) every 100 ms. Twice: the second round shows whether memory keeps
 * growing.
 *
 *   npm run bench:media [-- --uploads 10 --megabytes 14.5]
 */
import { createAccount, type Account } from '../support/accounts';
import { startServer, type RunningServer } from '../support/server-process';
import sharp from 'sharp';

const GOAL_MB = 150;
const SAMPLE_MS = 20;
const READ_EVERY_MS = 100;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : Number(process.argv[at + 1]);
  return value !== undefined && Number.isFinite(value) ? value : fallback;
}

const UPLOADS = option('uploads', 10);
const MEGABYTES = option('megabytes', 14.5);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (n: number) => `${n.toFixed(1)} MB`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function idleRss(server: RunningServer): Promise<number> {
  // Let the server settle (GC, timers) before the baseline is taken.
  await sleep(2_000);
  const samples: number[] = [];
  for (let i = 0; i < 40; i++) {
    samples.push(server.rss());
    await sleep(50);
  }
  return median(samples);
}

async function upload(
  server: RunningServer,
  account: Account,
  photo: Buffer,
): Promise<{ status: number; body: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${server.baseURL}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}` },
    body: form,
  });
  return { status: res.status, body: await res.text() };
}

interface Round {
  peakMb: number;
  seconds: number;
  statuses: number[];
  readsMs: number[];
}

/** Ten uploads at once, with the RSS sampled and a read timed all along. */
async function burst(server: RunningServer, account: Account, photo: Buffer): Promise<Round> {
  let peakMb = server.rss();
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, server.rss());
  }, SAMPLE_MS);
  let uploading = true;
  const readsMs: number[] = [];
  const reader = (async () => {
    while (uploading) {
      const started = performance.now();
      const res = await fetch(`${server.baseURL}/api/ruminations/my`, {
        headers: { authorization: `Bearer ${account.token}` },
      });
      await res.arrayBuffer();
      readsMs.push(performance.now() - started);
      await sleep(READ_EVERY_MS);
    }
  })();
  const started = performance.now();
  try {
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, () => upload(server, account, photo)),
    );
    const seconds = (performance.now() - started) / 1000;
    for (const a of answers) if (a.status !== 201) console.log(`  answer ${a.status}: ${a.body}`);
    return { peakMb, seconds, statuses: answers.map((a) => a.status), readsMs };
  } finally {
    uploading = false;
    clearInterval(sampler);
    await reader;
    peakMb = Math.max(peakMb, server.rss());
  }
}

async function readLatency(server: RunningServer, account: Account): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await fetch(`${server.baseURL}/api/ruminations/my`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await sleep(20);
  }
  return times;
}

const ms = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;

/**
 * A JPEG of gaussian noise at quality 100 (noise does not compress: the worst case for a given
 * size, about 2.7 bytes a pixel), sized once by a first try to about `megabytes` MiB.
 */
async function photoOf(megabytes: number): Promise<Buffer> {
  const noise = (pixels: number) => {
    const width = Math.ceil(Math.sqrt(pixels * 1.5));
    const height = Math.ceil(pixels / width);
    const background = '#808080';
    return sharp({
      create: {
        width,
        height,
        channels: 3,
        background,
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
  };
  const guess = (megabytes * 1024 * 1024) / 2.7;
  const first = await noise(guess);
  return noise((guess * megabytes * 1024 * 1024) / first.length);
}

function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#33aa55' } })
    .png()
    .toBuffer();
}

async function main(): Promise<void> {
  const photo = await photoOf(MEGABYTES);
  console.log(
    `Photo uploads: ${UPLOADS} at once of a ${(photo.length / 1024 / 1024).toFixed(1)} MiB JPEG ` +
      `(noise, ${MEGABYTES} MB asked), decode concurrency ${process.env['MEDIA_DECODE_CONCURRENCY'] ?? 'default'}`,
  );
  const server = await startServer({ label: 'media-bench' });
  try {
    const account = await createAccount(server, 'photographer');
    const coldIdle = await idleRss(server);
    const warmUp = await upload(server, account, await smallPng());
    if (warmUp.status !== 201) throw new Error(`warm-up upload: ${warmUp.status} ${warmUp.body}`);
    const idle = await idleRss(server);
    console.log(`  idle RSS ${mb(coldIdle)} before any upload, ${mb(idle)} after one small one`);
    console.log(`  reads when idle: ${ms(await readLatency(server, account))}`);
    let worst = 0;
    for (const round of [1, 2]) {
      const r = await burst(server, account, photo);
      const ok = r.statuses.filter((s) => s === 201).length;
      worst = Math.max(worst, r.peakMb - idle);
      console.log(
        `  round ${round}: ${ok}/${UPLOADS} answered 201 in ${r.seconds.toFixed(1)} s; ` +
          `peak RSS ${mb(r.peakMb)}, +${mb(r.peakMb - idle)} over idle; ` +
          `reads meanwhile: ${ms(r.readsMs)} (${r.readsMs.length}); ` +
          `settled after: ${mb(await idleRss(server))}`,
      );
      if (ok !== UPLOADS) process.exitCode = 1;
    }
    console.log(
      `worst growth over idle ${mb(worst)}: ${worst <= GOAL_MB ? 'within' : 'OVER'} the ` +
        `${GOAL_MB} MB goal`,
    );
    if (worst > GOAL_MB) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
