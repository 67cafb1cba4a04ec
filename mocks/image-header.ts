import type { DecodeHeader, ImageType } from '../src/domain/media-decisions';

/**
 * What an upload's header says about decoding it, read by the mock backend from the bytes the way
 * the server reads it with sharp's metadata() (readDecodeHeader in
 * server/modules/media/media-processing.ts): its size, channels, bytes per sample, and whether it
 * is interlaced or progressive. decodableHeader (src/domain/media-decisions.ts) decides from it on
 * both backends, so that a picture the server refuses before decoding is refused here too. Bundled
 * into the demo: no node module.
 */

function u16be(b: Uint8Array, at: number): number {
  return ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
}
function u32be(b: Uint8Array, at: number): number {
  return u16be(b, at) * 65536 + u16be(b, at + 2);
}
function u16le(b: Uint8Array, at: number): number {
  return (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
}
function u24le(b: Uint8Array, at: number): number {
  return u16le(b, at) | ((b[at + 2] ?? 0) << 16);
}
function ascii(b: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...b.subarray(at, at + length));
}

type Facts = Omit<DecodeHeader, 'format'>;

/** Channels of a PNG's colour types: grey, RGB, palette (decoded to RGB), grey + alpha, RGBA. */
const PNG_CHANNELS: Partial<Record<number, number>> = { 0: 1, 2: 3, 3: 3, 4: 2, 6: 4 };

function pngFacts(b: Uint8Array): Facts | undefined {
  const colour = b[25] ?? -1;
  const channels = PNG_CHANNELS[colour];
  if (b.length < 29 || ascii(b, 12, 4) !== 'IHDR' || channels === undefined) return undefined;
  // A tRNS chunk (before the pixels) gives a grey, RGB or palette picture an alpha channel.
  let transparent = false;
  for (let at = 8; at + 8 <= b.length; at += 12 + u32be(b, at)) {
    const type = ascii(b, at + 4, 4);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'tRNS') transparent = true;
  }
  return {
    width: u32be(b, 16),
    height: u32be(b, 20),
    channels: channels + (transparent && colour !== 4 && colour !== 6 ? 1 : 0),
    bytesPerSample: b[24] === 16 ? 2 : 1,
    progressive: b[28] === 1,
  };
}

/** Progressive DCT frames (SOF2, SOF6, SOF10, SOF14): their coefficients are held whole. */
const JPEG_PROGRESSIVE = [0xc2, 0xc6, 0xca, 0xce];

/** A JPEG's first SOF segment, walking the segments from the start. */
function jpegFacts(b: Uint8Array): Facts | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    // SOF0..SOF15 but DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return {
        width: u16be(b, at + 7),
        height: u16be(b, at + 5),
        channels: b[at + 9] ?? 0,
        bytesPerSample: (b[at + 4] ?? 8) > 8 ? 2 : 1,
        progressive: JPEG_PROGRESSIVE.includes(marker),
      };
    }
    at += 2 + u16be(b, at + 2);
  }
  return undefined;
}

function webpFacts(b: Uint8Array): Facts | undefined {
  if (b.length < 30) return undefined;
  const plain = { bytesPerSample: 1, progressive: false };
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') {
    const channels = (b[20] ?? 0) & 0x10 ? 4 : 3;
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1, channels, ...plain };
  }
  if (chunk === 'VP8L') {
    const bits = u16le(b, 21) | (u16le(b, 23) << 16);
    const size = { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    return { ...size, channels: (bits >>> 28) & 1 ? 4 : 3, ...plain };
  }
  if (chunk === 'VP8 ') {
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff, channels: 3, ...plain };
  }
  return undefined;
}

/** Past a run of GIF data sub-blocks starting at `at` (each its length, then its bytes; 0 ends). */
function afterSubBlocks(b: Uint8Array, at: number): number {
  let next = at;
  while (next < b.length && b[next] !== 0) next += (b[next] ?? 0) + 1;
  return next + 1;
}

/**
 * A GIF's facts as libnsgif (libvips' GIF decoder) reads them, walking every block: the first frame
 * may make the picture larger than the screen it declares (a 100 × 100 screen with a frame of
 * 16,385 px is 16,385 px wide); any frame with a transparent colour makes it RGBA, else RGB; any
 * interlaced frame makes it interlaced.
 */
function gifFacts(b: Uint8Array): Facts | undefined {
  if (b.length < 13) return undefined;
  let [width, height] = [u16le(b, 6), u16le(b, 8)];
  let [transparent, interlaced, frames] = [false, false, 0];
  const table = (packed: number) => (packed & 0x80 ? 3 * (2 << (packed & 7)) : 0);
  let at = 13 + table(b[10] ?? 0);
  while (at < b.length && b[at] !== 0x3b) {
    if (b[at] === 0x21) {
      // A graphic control extension (f9): its first data byte's low bit is "transparent colour".
      if (b[at + 1] === 0xf9 && ((b[at + 3] ?? 0) & 1) === 1) transparent = true;
      at = afterSubBlocks(b, at + 2);
    } else if (b[at] === 0x2c && at + 10 <= b.length) {
      const packed = b[at + 9] ?? 0;
      if (frames === 0) {
        width = Math.max(width, u16le(b, at + 1) + u16le(b, at + 5));
        height = Math.max(height, u16le(b, at + 3) + u16le(b, at + 7));
      }
      if (packed & 0x40) interlaced = true;
      frames += 1;
      // Past the descriptor, its colour table and its LZW code size, then its data.
      at = afterSubBlocks(b, at + 10 + table(packed) + 1);
    } else {
      break;
    }
  }
  return {
    width,
    height,
    channels: transparent ? 4 : 3,
    bytesPerSample: 1,
    progressive: interlaced,
  };
}

/**
 * An AVIF's facts from its boxes: meta (a full box) > iprp > ipco holds each picture's size
 * (ispe), its AV1 configuration (av1C, whose third byte says 10 or 12 bits) and, for an alpha
 * plane, an auxC. The largest ispe is the primary picture's (the others are its alpha plane,
 * a grid's tiles or a thumbnail).
 */
function avifFacts(b: Uint8Array): Facts | undefined {
  let [width, height, deep, alpha] = [0, 0, false, false];
  const visit = (from: number, to: number): void => {
    let at = from;
    while (at + 8 <= to) {
      const type = ascii(b, at + 4, 4);
      let [size, body] = [u32be(b, at), at + 8];
      if (size === 1) [size, body] = [u32be(b, at + 8) * 2 ** 32 + u32be(b, at + 12), at + 16];
      else if (size === 0) size = to - at;
      if (size < body - at) return;
      const end = Math.min(to, at + size);
      if (type === 'meta') visit(body + 4, end);
      else if (type === 'iprp' || type === 'ipco') visit(body, end);
      else if (type === 'ispe' && body + 12 <= end) {
        const [w, h] = [u32be(b, body + 4), u32be(b, body + 8)];
        if (w * h > width * height) [width, height] = [w, h];
      } else if (type === 'av1C' && ((b[body + 2] ?? 0) & 0x40) !== 0) deep = true;
      else if (type === 'auxC' && /alpha|auxid:1/.test(ascii(b, body + 4, end - body - 4))) {
        alpha = true;
      }
      at += size;
    }
  };
  visit(0, b.length);
  if (width === 0 || height === 0) return undefined;
  return {
    width,
    height,
    channels: alpha ? 4 : 3,
    bytesPerSample: deep ? 2 : 1,
    progressive: false,
  };
}

const READERS: Record<ImageType, (bytes: Uint8Array) => Facts | undefined> = {
  png: pngFacts,
  jpeg: jpegFacts,
  webp: webpFacts,
  gif: gifFacts,
  avif: avifFacts,
};

/**
 * The header of an upload whose first bytes say `type` (sniffImageType), read before decoding, or
 * undefined when the mock cannot tell (a header cut short, an odd file): then the decoder decides,
 * and the picture it decodes is checked (browserMediaCodec).
 */
export function readImageHeader(bytes: Uint8Array, type: ImageType): DecodeHeader | undefined {
  const facts = READERS[type](bytes);
  return facts === undefined ? undefined : { format: type, ...facts };
}
