import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { IMPORT_MAX_ZIP_ENTRIES, type ZipEntryFacts } from '../../../src/domain/journal-import';
import {
  CENTRAL_HEADER,
  END,
  LOCAL_HEADER,
  MAX_16,
  MAX_32,
  ZIP64_END,
  ZIP64_LOCATOR,
} from '../../zip/zip-records';

/**
 * A zip read from a file on disk with random access (PKWARE APPNOTE 6.3.10): its central directory
 * (the list of entries, at the end of the file) is read once, then each entry is inflated on its
 * own, as a stream, when asked for. Why not fflate: its `unzip` holds the whole archive in memory
 * and its streaming `Unzip` reads front to back, which a 200 MB import would have to do twice (the
 * journal comes after the photos in Day One's zips); yauzl would do what this does, as a new
 * dependency. Node's zlib does the inflating; this file reads the records around it.
 *
 * Every read is bounded by what the central directory declares (and by the caller's limit): an
 * entry that inflates to more than it declares is a ZipBomb, whatever its headers said.
 */

/** The end record and the longest comment it may carry. */
const END_SEARCH = 22 + MAX_16;

/** The file is no zip, or its records contradict each other. */
export class BadZip extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadZip';
  }
}

/** An entry that inflates to more than it declares (or than the reader allows). */
export class ZipBomb extends Error {
  constructor(readonly entryName: string) {
    super(`${entryName} inflates to more than it declares`);
    this.name = 'ZipBomb';
  }
}

/** An entry the reader cannot inflate (encrypted, a method other than stored and deflate). */
export class UnreadableEntry extends Error {
  constructor(readonly entryName: string) {
    super(`${entryName} cannot be read`);
    this.name = 'UnreadableEntry';
  }
}

export interface ZipEntry extends ZipEntryFacts {
  method: number;
  flags: number;
  localOffset: number;
}

export class ZipFile {
  private constructor(
    private readonly handle: fs.promises.FileHandle,
    private readonly size: number,
    readonly entries: ZipEntry[],
  ) {}

  /** Opens `file` and reads its central directory, or BadZip. */
  static async open(file: string): Promise<ZipFile> {
    const handle = await fs.promises.open(file, 'r');
    try {
      const { size } = await handle.stat();
      const entries = await readCentralDirectory(handle, size);
      return new ZipFile(handle, size, entries);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.handle.close();
  }

  /** The entry's inflated bytes as a stream, at most `limit` bytes (over: ZipBomb). */
  async stream(entry: ZipEntry, limit: number): Promise<Readable> {
    if ((entry.flags & 1) !== 0 || (entry.method !== 0 && entry.method !== 8)) {
      throw new UnreadableEntry(entry.name);
    }
    const header = await readAt(this.handle, entry.localOffset, 30);
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) {
      throw new BadZip(`${entry.name} has no local header`);
    }
    const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (start + entry.compressedBytes > this.size) throw new BadZip(`${entry.name} is cut short`);
    const raw = fs.createReadStream('', {
      fd: this.handle.fd,
      autoClose: false,
      start,
      end: start + entry.compressedBytes - 1,
      highWaterMark: 64 * 1024,
    });
    if (entry.compressedBytes === 0) raw.destroy();
    const bound = Math.min(entry.bytes, limit);
    const counted = boundedBytes(entry.name, bound);
    if (entry.method === 0) {
      if (entry.compressedBytes !== entry.bytes) throw new BadZip(`${entry.name} is cut short`);
      return entry.compressedBytes === 0 ? emptyStream() : raw.pipe(counted);
    }
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    raw.on('error', (error) => inflate.destroy(error));
    inflate.on('error', (error) => counted.destroy(error));
    return entry.compressedBytes === 0 ? emptyStream() : raw.pipe(inflate).pipe(counted);
  }

  /** The entry whole, at most `limit` bytes (for a journal's JSON, a note's file). */
  async read(entry: ZipEntry, limit: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(entry, limit)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The entry written to `file`, at most `limit` bytes (for a photo). */
  async extractTo(entry: ZipEntry, limit: number, file: string): Promise<void> {
    await pipeline(await this.stream(entry, limit), fs.createWriteStream(file));
  }
}

function emptyStream(): Readable {
  const empty = new Transform();
  empty.end();
  return empty;
}

/** Passes at most `bound` bytes on; one more is a ZipBomb. */
function boundedBytes(name: string, bound: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > bound) done(new ZipBomb(name));
      else done(null, chunk);
    },
  });
}

async function readAt(
  handle: fs.promises.FileHandle,
  position: number,
  length: number,
): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

async function readCentralDirectory(
  handle: fs.promises.FileHandle,
  size: number,
): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, size - END_SEARCH);
  const tail = await readAt(handle, tailStart, size - tailStart);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new BadZip('no end of central directory');
  let count = tail.readUInt16LE(end + 10);
  let cdSize = tail.readUInt32LE(end + 12);
  let cdOffset = tail.readUInt32LE(end + 16);
  if (count === MAX_16 || cdSize === MAX_32 || cdOffset === MAX_32) {
    const locatorAt = end - 20;
    if (locatorAt < 0 || tail.readUInt32LE(locatorAt) !== ZIP64_LOCATOR) {
      throw new BadZip('no ZIP64 locator');
    }
    const zip64End = await readAt(handle, Number(tail.readBigUInt64LE(locatorAt + 8)), 56);
    if (zip64End.length < 56 || zip64End.readUInt32LE(0) !== ZIP64_END) {
      throw new BadZip('no ZIP64 end record');
    }
    count = Number(zip64End.readBigUInt64LE(32));
    cdSize = Number(zip64End.readBigUInt64LE(40));
    cdOffset = Number(zip64End.readBigUInt64LE(48));
  }
  // Counted before the directory is read: a listing of millions of names is refused unread.
  if (count > IMPORT_MAX_ZIP_ENTRIES || cdSize > IMPORT_MAX_ZIP_ENTRIES * 600) {
    throw new BadZip('too many entries');
  }
  if (cdOffset + cdSize > size) throw new BadZip('central directory outside the file');
  const cd = await readAt(handle, cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL_HEADER) {
      throw new BadZip('broken central directory');
    }
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    const name = cd.toString('utf8', at + 46, at + 46 + nameLength);
    let compressedBytes = cd.readUInt32LE(at + 20);
    let bytes = cd.readUInt32LE(at + 24);
    let localOffset = cd.readUInt32LE(at + 42);
    // ZIP64 extended information: the fields that did not fit, in this order.
    const extra = cd.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    for (let e = 0; e + 4 <= extra.length;) {
      const id = extra.readUInt16LE(e);
      const length = extra.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let field = e + 4;
        const next = () => {
          const value = Number(extra.readBigUInt64LE(field));
          field += 8;
          return value;
        };
        if (bytes === MAX_32) bytes = next();
        if (compressedBytes === MAX_32) compressedBytes = next();
        if (localOffset === MAX_32) localOffset = next();
      }
      e += 4 + length;
    }
    entries.push({
      name,
      compressedBytes,
      bytes,
      localOffset,
      method: cd.readUInt16LE(at + 10),
      flags: cd.readUInt16LE(at + 8),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
