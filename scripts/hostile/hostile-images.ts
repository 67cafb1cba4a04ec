/**
 * Hostile image files built byte by byte, with no decoder and no wait (the fuzz generates its
 * requests synchronously): headers that declare huge sides, thousands of frames, and bytes of one
 * format under another's name or header. Shared by `npm run fuzz` (hostile-media.ts) and
 * `npm run bench:media-memory` (scripts/bench/media-memory.ts). api-contract.md "Photos": each is
 * refused with a 4xx or taken, never a 5xx, and none raises the server's memory by 256 MB.
 */
import { PNG_SIGNATURE, pngFile } from '../support/png-bytes';

/**
 * A well-formed PNG header declaring `width` × `height` pixels of 16-bit RGBA (interlaced or not),
 * followed by at most `rows` rows of zeros (a strip of 39,000,000 × 1 is 300 KB of file).
 */
export function declaredPng(
  width: number,
  height: number,
  options: { rows?: number; interlaced?: boolean } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 16; // bit depth
  header[9] = 6; // RGBA
  header[12] = options.interlaced ? 1 : 0;
  const rows = Math.min(height, options.rows ?? 1);
  const data = Buffer.alloc(Math.min((width * 8 + 1) * rows, 4 << 20));
  return pngFile(header, data, 1);
}

/**
 * One frame covering a `width` × `height` screen: its graphic control, its descriptor, and LZW codes
 * for one pixel only (clear, 0, end): a decoder fills the rest, so the file stays tiny.
 */
function gifFrame(width: number, height: number): Buffer {
  const control = Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00]);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  return Buffer.concat([control, descriptor, Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00])]);
}

/**
 * A GIF of `frames` frames of `width` × `height` (at most 65,535 a side): every frame a decoder
 * shows is that whole picture (4,000 × 4,000 is 64 MB of RGBA), and there are thousands of them
 * in a few hundred kilobytes.
 */
export function manyFrameGif(frames: number, width = 4_000, height = 4_000): Buffer {
  const [w, h] = [Math.min(width, 0xffff), Math.min(height, 0xffff)];
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'ascii');
  screen.writeUInt16LE(w, 6);
  screen.writeUInt16LE(h, 8);
  screen[10] = 0x80; // a global colour table of two colours
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const loop = Buffer.from([
    0x21,
    0xff,
    0x0b,
    ...Buffer.from('NETSCAPE2.0', 'ascii'),
    0x03,
    0x01,
    0x00,
    0x00,
    0x00,
  ]);
  const frame = gifFrame(w, h);
  return Buffer.concat([
    screen,
    palette,
    loop,
    Buffer.concat(Array.from({ length: frames }, () => frame)),
    Buffer.from([0x3b]),
  ]);
}

/** `body` with the first bytes of `type` put in front: the sniffed type and the bytes disagree. */
export function withForeignHeader(type: 'jpeg' | 'png' | 'gif', body: Buffer): Buffer {
  const heads = {
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0', 'binary')]),
    png: PNG_SIGNATURE,
    gif: Buffer.from('GIF89a', 'ascii'),
  };
  return Buffer.concat([heads[type], body]);
}

/** The first `fraction` of `file`: it starts as the image and stops mid-data. */
export function truncated(file: Buffer, fraction = 0.5): Buffer {
  return file.subarray(0, Math.max(1, Math.floor(file.length * fraction)));
}
