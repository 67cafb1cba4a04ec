/**
 * PNG files written byte by byte, with no encoder: for images whose header says what no encoder
 * would write (huge sides over a few rows of data). Shared by the hostile images of the fuzz and
 * the bench (scripts/hostile/hostile-images.ts) and the tests' photo fixtures
 * (tests/support/photo-fixtures.ts), which may import of scripts/ only scripts/support.
 */
import zlib from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from('\x89PNG\r\n\x1a\n', 'binary');

/** The CRC-32 of PNG's chunks (ISO 3309, the one zlib's gzip uses too). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** One chunk: its length, its type, `data`, and the CRC of the type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A whole PNG file: the signature, the 13-byte IHDR `header`, the `rows` (each led by its filter
 * byte) deflated at zlib `level` into one IDAT, and IEND.
 */
export function pngFile(header: Buffer, rows: Buffer, level: number): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
