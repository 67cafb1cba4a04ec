/**
 * `npm run bench:media-memory`: what hostile photo uploads cost the server (issue 40,
 * api-contract.md "Photos": no upload, however built, raises the server's memory by more than
 * 256 MB or holds another person's upload up for more than 2 seconds). Starts the real server
 * (`npm start`'s bundle, SQLite, photos in a folder, its default single decode slot), signs two
 * people up, warms libvips up with one small upload, measures the idle RSS, then uploads each
 * hostile image alone, each on a freshly restarted server (huge sides, 40 megapixels of each format, interlaced and progressive, many
 * frames, lying types, truncated files) while sampling the server's RSS from /proc every 20 ms; then
 * all of them at once from one account while the other uploads a small photo, timed. Prints each
 * answer, the peak RSS and its rise over idle, against the 256 MB goal.
 *
 *   npm run bench:media-memory
 */
import sharp from 'sharp';
import { declaredPng, manyFrameGif, truncated, withForeignHeader } from '../hostile/hostile-images';
import { createAccount, type Account } from '../support/accounts';
import { startServer, type RunningServer } from '../support/server-process';

const GOAL_MB = 256;
const WAIT_GOAL_MS = 2_000;
const SAMPLE_MS = 20;
const [WIDE, TALL] = [16_384, 2_441];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (n: number) => `${n.toFixed(0)} MB`;

interface Hostile {
  name: string;
  file: Buffer;
  /** The name and type the browser would send. */
  filename: string;
}

/** A picture of one colour, to be encoded as the case asks. */
function flat(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: '#406080' } });
}

const smallPng = (width = 64, height = 48) => flat(width, height).png().toBuffer();

/** 16,384 px wide RGBA as a PNG, 16 bits a sample: read row by row, yet the costliest to decode. */
const widePng16 = (height = TALL, interlaced = false) =>
  flat(WIDE, height, 4).toColourspace('rgb16').png({ progressive: interlaced }).toBuffer();

/** Gaussian noise at quality 100 (it does not compress): about 14 MiB, 5.3 megapixels. */
const noiseJpeg = () =>
  sharp({
    create: {
      width: 2_800,
      height: 1_900,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();

/** A 40-megapixel picture of one colour (flat: a legal file size). */
const flat40 = (channels: 3 | 4 = 3) => flat(WIDE, TALL, channels);

async function hostileImages(): Promise<Hostile[]> {
  const png = await smallPng(640, 480);
  const jpeg = await flat(800, 600).jpeg().toBuffer();
  const list: [string, Buffer | Promise<Buffer>, string?][] = [
    ['PNG 39,000,000 × 1, 16-bit', declaredPng(39_000_000, 1)],
    ['PNG 1 × 39,000,000, 16-bit', declaredPng(1, 39_000_000, { rows: 4 })],
    ['PNG 10,000,000 × 4, 16-bit', declaredPng(10_000_000, 4, { rows: 4 })],
    ['PNG 50,000 × 50,000 (a bomb)', declaredPng(50_000, 50_000, { rows: 64 })],
    ['PNG 40 MP 8-bit RGBA', flat40(4).png().toBuffer()],
    ['PNG 40 MP 16-bit RGBA', widePng16()],
    ['PNG 31 MP 16-bit RGBA (16,384 × 1,900)', widePng16(1_900)],
    ['PNG 40 MP 16-bit interlaced', widePng16(TALL, true)],
    ['JPEG 40 MP baseline 4:4:4', flat40().jpeg({ chromaSubsampling: '4:4:4' }).toBuffer()],
    [
      'JPEG 40 MP progressive 4:4:4',
      flat40().jpeg({ chromaSubsampling: '4:4:4', progressive: true }).toBuffer(),
    ],
    ['JPEG 14 MiB of noise', noiseJpeg()],
    ['JPEG 12 MP progressive', flat(4_000, 3_000).jpeg({ progressive: true }).toBuffer()],
    [
      'WebP 16,383 × 2,441',
      sharp({ create: { width: 16_383, height: TALL, channels: 3, background: '#406080' } })
        .webp({ effort: 0 })
        .toBuffer(),
    ],
    ['GIF 40 MP', flat40().gif({ effort: 1 }).toBuffer()],
    ['GIF 10,000 frames of 4,000 × 4,000', manyFrameGif(10_000)],
    ['GIF 10,000 frames of 2,000 × 2,000', manyFrameGif(10_000, 2_000, 2_000)],
    ['GIF 3 frames of 65,535 × 600', manyFrameGif(3, 65_535, 600)],
    ['AVIF 40 MP', flat40(4).avif({ effort: 0 }).toBuffer()],
    ['AVIF 12 MP (4,000 × 3,000)', flat(4_000, 3_000).avif({ effort: 0 }).toBuffer()],
    ['AVIF 6.5 MP (3,000 × 2,160)', flat(3_000, 2_160).avif({ effort: 0 }).toBuffer()],
    [
      'WebP animated, 2,000 frames of 64 × 64',
      sharp(Array<Buffer>(2_000).fill(await smallPng(64, 64)), { join: { animated: true } })
        .webp({ effort: 0 })
        .toBuffer(),
    ],
    ['PNG bytes named .jpg', png, 'photo.jpg'],
    ['a JPEG header, a PNG body', withForeignHeader('jpeg', png)],
    ['a PNG header, a JPEG body', withForeignHeader('png', jpeg)],
    ['truncated JPEG', truncated(jpeg, 0.3)],
    ['truncated 40 MP PNG', widePng16().then((file) => truncated(file, 0.5))],
  ];
  const images: Hostile[] = [];
  for (const [name, file, filename] of list) {
    images.push({ name, file: await file, filename: filename ?? 'photo.png' });
  }
  return images;
}

async function idleRss(server: RunningServer): Promise<number> {
  await sleep(2_000);
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    samples.push(server.rss());
    await sleep(50);
  }
  return samples.sort((a, b) => a - b)[10]!;
}

async function upload(
  server: RunningServer,
  account: Account,
  image: Pick<Hostile, 'file' | 'filename'>,
): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(image.file)], { type: 'image/jpeg' }),
    image.filename,
  );
  const res = await fetch(`${server.baseURL}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}` },
    body: form,
  });
  const body = await res.text();
  return { status: res.status, ms: performance.now() - started, body };
}

/** `work` with the server's RSS sampled all along: its peak, in MB. */
async function peakDuring<T>(server: RunningServer, work: () => Promise<T>) {
  let peak = server.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, SAMPLE_MS);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, server.rss()) };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The server restarted and warmed up, and its idle RSS: each case is measured from a fresh
 * process, since the allocator keeps what an earlier upload freed (reused, not given back).
 */
async function fresh(server: RunningServer, warmUp: () => Promise<unknown>): Promise<number> {
  await server.restart();
  await warmUp();
  return idleRss(server);
}

async function main(): Promise<void> {
  const images = await hostileImages();
  const server = await startServer({ label: 'media-memory', env: { RATE_LIMIT_ENABLED: 'false' } });
  try {
    const [hostile, other] = [
      await createAccount(server, 'hostile'),
      await createAccount(server, 'bystander'),
    ];
    const small = { file: await smallPng(), filename: 'dot.png' };
    const warmUp = async () => {
      const warm = await upload(server, other, small);
      if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${warm.body}`);
    };
    console.log(
      `Hostile photo uploads, decode concurrency ${process.env['MEDIA_DECODE_CONCURRENCY'] ?? 'default'}, each on a fresh server:`,
    );
    let worst = 0;
    for (const image of images) {
      const idle = await fresh(server, warmUp);
      const { result, peak } = await peakDuring(server, () => upload(server, hostile, image));
      worst = Math.max(worst, peak - idle);
      console.log(
        `  ${image.name.padEnd(40)} ${(image.file.length / 1024).toFixed(0).padStart(6)} KB → ${result.status} in ${(result.ms / 1000).toFixed(1)} s; idle ${mb(idle)}, peak ${mb(peak)} (+${mb(peak - idle)})`,
      );
      if (result.status >= 500) process.exitCode = 1;
    }
    // All at once from one account, with another person's small photo sent a moment later.
    const idle = await fresh(server, warmUp);
    const { result, peak } = await peakDuring(server, async () => {
      const burst = Promise.all(images.map((image) => upload(server, hostile, image)));
      await sleep(500);
      const mine = await upload(server, other, small);
      return { mine, burst: await burst };
    });
    worst = Math.max(worst, peak - idle);
    const statuses = result.burst.map((r) => r.status);
    console.log(
      `  all ${images.length} at once: answers ${[...new Set(statuses)].sort().join(', ')} in ${(Math.max(...result.burst.map((r) => r.ms)) / 1000).toFixed(1)} s; idle ${mb(idle)}, peak ${mb(peak)} (+${mb(peak - idle)}); ` +
        `another person's small photo meanwhile: ${result.mine.status} in ${result.mine.ms.toFixed(0)} ms`,
    );
    if (statuses.some((s) => s >= 500) || result.mine.ms > WAIT_GOAL_MS) process.exitCode = 1;
    console.log(
      `worst rise over idle ${mb(worst)}: ${worst <= GOAL_MB ? 'within' : 'OVER'} the ${GOAL_MB} MB goal; settled after: ${mb(await idleRss(server))}`,
    );
    if (worst > GOAL_MB) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
