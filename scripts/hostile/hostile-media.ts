/** Hostile photo uploads and photo URLs for `npm run fuzz`. */
import { chance, pick, random } from './fuzz-random';
import { declaredPng, manyFrameGif, truncated, withForeignHeader } from './hostile-images';
import { someId, type Generated, type World } from './fuzz-world';

/**
 * Headers a decoder must not trust (issue 40): sides past 16,384 px that pass the pixel limit,
 * 40 megapixels that would be decoded whole (interlaced), thousands of frames of a large screen,
 * and formats that lie (a PNG under a JPEG's first bytes, a cut-off file). Each is a 400 or a 201.
 */
function hostileHeader(): Buffer {
  const png = () => declaredPng(8, 8, { rows: 8 });
  // Built only once drawn: a strip of 39,000,000 px deflates 4 MB of rows.
  return pick([
    () => declaredPng(39_000_000, 1),
    () => declaredPng(1, 39_000_000),
    () => declaredPng(10_000_000, 4),
    () => declaredPng(16_385, 1),
    () => declaredPng(16_384, 2_441, { interlaced: true }),
    () => declaredPng(4_000, 4_000, { rows: 4 }),
    () => manyFrameGif(pick([2, 1_000, 10_000]), pick([1, 4_000]), pick([1, 4_000])),
    () => manyFrameGif(3, 65_535, 600),
    png,
    () => withForeignHeader('jpeg', png()),
    () => withForeignHeader('png', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])),
    () => withForeignHeader('gif', png()),
    () => truncated(manyFrameGif(50), random()),
    () => truncated(png(), random()),
  ])();
}

/** What a hostile photo upload holds: bytes that start like an image and are not one, or nothing. */
function hostileImageBytes(): Buffer {
  if (chance(0.5)) return hostileHeader();
  const garbage = Buffer.from(
    Array.from({ length: 1 + Math.floor(random() * 400) }, () => Math.floor(random() * 256)),
  );
  // A PNG header that claims 60,000 × 60,000 pixels (a bomb's shape, without a valid CRC).
  const claimsHuge = Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR', 'binary'),
    Buffer.from([0, 0, 0xea, 0x60, 0, 0, 0xea, 0x60, 8, 2, 0, 0, 0]),
    garbage,
  ]);
  return pick([
    garbage,
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), garbage]),
    Buffer.concat([Buffer.from('GIF89a'), garbage]),
    Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), garbage]),
    Buffer.concat([Buffer.from([0, 0, 0, 28]), Buffer.from('ftypavif'), garbage]),
    claimsHuge,
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    Buffer.alloc(0),
  ]);
}

/** POST /api/media with a multipart body that is broken in one of many ways, or well formed. */
export function hostileUpload(headers: Record<string, string>): Generated {
  const boundary = pick(['fuzzboundary', 'a', '', '"quoted"', 'x'.repeat(80)]);
  const file = hostileImageBytes();
  const part = (name: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${pick(['p.jpg', '../../etc/passwd', '', 'ü.png'])}"\r\nContent-Type: ${pick(['image/jpeg', 'text/html', 'application/octet-stream'])}\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    ]);
  const raw = pick([
    Buffer.concat([part('file'), Buffer.from(`--${boundary}--\r\n`)]),
    Buffer.concat([part('file'), part('file'), Buffer.from(`--${boundary}--\r\n`)]),
    Buffer.concat([part('photo'), Buffer.from(`--${boundary}--\r\n`)]),
    part('file'),
    file,
  ]);
  return {
    method: 'POST',
    path: '/api/media',
    raw,
    headers: {
      ...headers,
      'content-type': pick([
        `multipart/form-data; boundary=${boundary}`,
        'multipart/form-data',
        'image/jpeg',
        'application/json',
      ]),
    },
  };
}

/** GET of a photo URL: real and impossible ids, variants, and signatures. */
export function hostilePhotoUrl(world: World, headers: Record<string, string>): Generated {
  const id = chance(0.5) ? String(1 + Math.floor(random() * 5)) : someId(world, 'rumination');
  const variant = pick(['photo', 'thumbnail', 'original', '..', '%00', '']);
  const query = pick([
    '',
    `?viewer=${world.me.id}&expires=9999999999&sig=AAAAAAAAAAAAAAAAAAAAAA`,
    `?viewer=0&expires=1&sig=x`,
    `?viewer=-1&expires=abc&sig=${'a'.repeat(300)}`,
    '?viewer=1&viewer=2&expires=9999999999&sig=a&sig=b',
  ]);
  return {
    method: pick(['GET', 'GET', 'HEAD']),
    path: `/api/media/${id}/${variant}${query}`,
    headers: { ...headers, accept: pick(['image/webp', '*/*', 'image/avif,image/webp']) },
  };
}
