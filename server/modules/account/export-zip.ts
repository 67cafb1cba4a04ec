import { constants, crc32, deflateRawSync } from 'node:zlib';
import {
  CENTRAL_HEADER,
  DATA_DESCRIPTOR,
  END,
  LOCAL_HEADER,
  MAX_16,
  MAX_32,
  ZIP64_END,
  ZIP64_LOCATOR,
} from '../../zip/zip-records';

/**
 * A ZIP archive written front to back as it goes (PKWARE APPNOTE 6.3.10), for the Markdown export.
 * Compression and checksums are Node's own zlib; this file only lays out the records around them.
 *
 * Why not a ZIP library's writer: an archive's central directory, at its end, lists every file, so
 * a writer must keep something per file until then. fflate's streaming Zip keeps about 1.3 KB of
 * objects and closures per file (66 MB of heap for 50,000 notes, measured), more than the notes
 * themselves, and writes no ZIP64 (past 65,535 files its entry count is wrong); client-zip keeps
 * about 430 bytes per file and does not compress. Here each file leaves exactly its central
 * directory record (46 bytes plus its name), packed into 64 KiB blocks: 5 MB for 50,000 notes.
 */

/** General purpose flags: bit 11, the name is UTF-8; bit 3, sizes and CRC follow the data. */
const UTF8_NAME = 0x0800;
const SIZES_AFTER_DATA = 0x0008;
const DEFLATED = 8;
/** "Version needed to extract": 2.0 for deflate, 4.5 where ZIP64 fields are used. */
const VERSION_DEFLATE = 20;
const VERSION_ZIP64 = 45;
/** Made by Unix (high byte 3), so that the external attributes below are Unix permissions. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
/** A regular file, rw-r--r--. */
const FILE_ATTRIBUTES = 0o100644 * 0x10000;

const BLOCK_SIZE = 64 * 1024;

/**
 * zlib's working memory is (1 << (windowBits + 2)) + (1 << (memLevel + 9)) bytes, allocated and
 * freed once per file: 256 KiB at the defaults, 48 KiB here. A note is at most 5,000 characters
 * (15 KB of UTF-8), so a 16 KiB window sees all of it; the smaller hash table costs a little
 * compression on long texts, and keeps the allocations small enough for the allocator to reuse.
 */
const DEFLATE_OPTIONS = { windowBits: 14, memLevel: 6, chunkSize: 2048 };

/** Bytes appended in blocks, so that many small records cost no object each. */
class ByteBlocks {
  private readonly full: Buffer[] = [];
  private block = Buffer.allocUnsafe(BLOCK_SIZE);
  private used = 0;
  length = 0;

  /** `size` bytes at the end, to be filled by the caller (every byte of them). */
  append(size: number): Buffer {
    if (this.used + size > this.block.length) {
      this.full.push(this.block.subarray(0, this.used));
      this.block = Buffer.allocUnsafe(Math.max(BLOCK_SIZE, size));
      this.used = 0;
    }
    const view = this.block.subarray(this.used, this.used + size);
    this.used += size;
    this.length += size;
    return view;
  }

  blocks(): Buffer[] {
    return [...this.full, this.block.subarray(0, this.used)];
  }
}

/**
 * MS-DOS date and time of the entries. DOS times carry no zone: they are written in UTC, the zone
 * of every timestamp of the API (and of the notes' front matter).
 */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = date.getUTCFullYear();
  if (Number.isNaN(year) || year < 1980) return { time: 0, date: (1 << 5) | 1 };
  if (year > 2107) return { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 };
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

interface Entry {
  name: Buffer;
  flags: number;
  modified: Date;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

export class ZipWriter {
  /** Bytes handed out so far: where the next record starts. */
  private offset = 0;
  private count = 0;
  private readonly central = new ByteBlocks();
  /** Where each file's text is encoded, reused: no allocation per file. */
  private scratch = Buffer.allocUnsafe(64 * 1024);

  /** One file whose bytes are all at hand: its local header and its deflated data. */
  file(name: string, text: string, modified: Date): Buffer[] {
    return [this.files([{ name, text, modified }])];
  }

  /**
   * Files whose bytes are all at hand (a page of notes), written into one buffer. Each text is
   * encoded into one reused scratch buffer, and no header gets a buffer of its own: per file only
   * its compressed bytes are allocated (small, from Node's buffer pool). Small native allocations
   * by the thousand, freed only at the next GC, made the process's malloc heap grow and fragment
   * (the malloc heap grew by 60 MB in one export of 50,000 notes with a buffer per text, by 15 MB
   * this way; scripts/bench/export-memory.ts, /proc/<pid>/smaps).
   */
  files(batch: readonly { name: string; text: string; modified: Date }[]): Buffer {
    const entries: Entry[] = [];
    const compressed: Buffer[] = [];
    let size = 0;
    for (const file of batch) {
      const length = Buffer.byteLength(file.text, 'utf8');
      if (length > this.scratch.length) this.scratch = Buffer.allocUnsafe(length);
      const data = this.scratch.subarray(0, this.scratch.write(file.text, 'utf8'));
      const packed = deflateRawSync(data, DEFLATE_OPTIONS);
      const entry: Entry = {
        name: Buffer.from(file.name, 'utf8'),
        flags: UTF8_NAME,
        modified: file.modified,
        crc: crc32(data),
        compressedSize: packed.length,
        size: data.length,
        offset: this.offset + size,
      };
      entries.push(entry);
      compressed.push(packed);
      size += 30 + entry.name.length + packed.length;
    }
    const out = Buffer.allocUnsafe(size);
    let at = 0;
    entries.forEach((entry, i) => {
      at = this.writeLocalHeader(entry, out, at);
      at += compressed[i]!.copy(out, at);
      this.record(entry);
    });
    return this.out([out])[0]!;
  }

  /**
   * A file written part by part (comments.md, as long as the account's comments; a photo, as its
   * storage streams it): each part is deflated on its own and ended with a sync flush (the same
   * DEFLATE stream goes on in the next part), the CRC and sizes follow the data in a data
   * descriptor. Parts are taken one at a time. `stored`: the parts go in deflate's stored blocks
   * (level 0), for bytes that are compressed already (WebP): no CPU spent on a gain of nothing,
   * and the entry stays DEFLATE, which every unzip reads with a data descriptor.
   */
  async *streamedFile(
    name: string,
    parts: AsyncIterable<Uint8Array>,
    modified: Date,
    options: { stored?: boolean } = {},
  ): AsyncGenerator<Buffer> {
    const level = options.stored ? constants.Z_NO_COMPRESSION : constants.Z_DEFAULT_COMPRESSION;
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      flags: UTF8_NAME | SIZES_AFTER_DATA,
      modified,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: this.offset,
    };
    yield* this.out([this.localHeader(entry)]);
    for await (const part of parts) {
      if (part.length === 0) continue;
      const compressed = deflateRawSync(part, {
        ...DEFLATE_OPTIONS,
        level,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      entry.crc = crc32(part, entry.crc);
      entry.size += part.length;
      entry.compressedSize += compressed.length;
      yield* this.out([compressed]);
    }
    // The last, empty block closes the DEFLATE stream.
    const last = deflateRawSync(Buffer.alloc(0), DEFLATE_OPTIONS);
    entry.compressedSize += last.length;
    // A descriptor holds 32-bit sizes; rather a failed download than a silently corrupt archive.
    if (entry.compressedSize > MAX_32 || entry.size > MAX_32) {
      throw new Error(`${name} is too large for a ZIP entry without ZIP64 sizes`);
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    this.record(entry);
    yield* this.out([last, descriptor]);
  }

  /** The central directory and the end records, with ZIP64 ones when the counts need them. */
  finish(): Buffer[] {
    const start = this.offset;
    const size = this.central.length;
    const chunks = this.central.blocks();
    const zip64 = this.count > MAX_16 || start > MAX_32 || size > MAX_32;
    if (zip64) {
      const end64 = Buffer.alloc(56 + 20);
      end64.writeUInt32LE(ZIP64_END, 0);
      end64.writeBigUInt64LE(44n, 4); // the size of the rest of this record
      end64.writeUInt16LE(MADE_BY, 12);
      end64.writeUInt16LE(VERSION_ZIP64, 14);
      // disk numbers (4 + 4 bytes) stay 0
      end64.writeBigUInt64LE(BigInt(this.count), 24);
      end64.writeBigUInt64LE(BigInt(this.count), 32);
      end64.writeBigUInt64LE(BigInt(size), 40);
      end64.writeBigUInt64LE(BigInt(start), 48);
      end64.writeUInt32LE(ZIP64_LOCATOR, 56);
      // disk of the ZIP64 end record (4 bytes) stays 0
      end64.writeBigUInt64LE(BigInt(start + size), 64);
      end64.writeUInt32LE(1, 72); // one disk in all
      chunks.push(end64);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END, 0);
    // disk numbers (2 + 2 bytes) stay 0
    end.writeUInt16LE(Math.min(this.count, MAX_16), 8);
    end.writeUInt16LE(Math.min(this.count, MAX_16), 10);
    end.writeUInt32LE(Math.min(size, MAX_32), 12);
    end.writeUInt32LE(Math.min(start, MAX_32), 16);
    chunks.push(end);
    return this.out(chunks);
  }

  private localHeader(entry: Entry): Buffer {
    const header = Buffer.allocUnsafe(30 + entry.name.length);
    this.writeLocalHeader(entry, header, 0);
    return header;
  }

  /** Writes the entry's local header at `at`; returns where it ends. */
  private writeLocalHeader(entry: Entry, out: Buffer, at: number): number {
    const { time, date } = dosDateTime(entry.modified);
    out.writeUInt32LE(LOCAL_HEADER, at);
    out.writeUInt16LE(VERSION_DEFLATE, at + 4);
    out.writeUInt16LE(entry.flags, at + 6);
    out.writeUInt16LE(DEFLATED, at + 8);
    out.writeUInt16LE(time, at + 10);
    out.writeUInt16LE(date, at + 12);
    // With SIZES_AFTER_DATA, CRC and sizes are 0 here and written in the data descriptor.
    out.writeUInt32LE(entry.crc, at + 14);
    out.writeUInt32LE(entry.compressedSize, at + 18);
    out.writeUInt32LE(entry.size, at + 22);
    out.writeUInt16LE(entry.name.length, at + 26);
    out.writeUInt16LE(0, at + 28); // no extra field
    entry.name.copy(out, at + 30);
    return at + 30 + entry.name.length;
  }

  /** The entry's central directory record, kept until finish(). */
  private record(entry: Entry): void {
    const { time, date } = dosDateTime(entry.modified);
    // An entry that starts past 4 GiB has its offset in a ZIP64 extra field.
    const farOffset = entry.offset > MAX_32;
    const extra = farOffset ? 12 : 0;
    const r = this.central.append(46 + entry.name.length + extra);
    r.writeUInt32LE(CENTRAL_HEADER, 0);
    r.writeUInt16LE(MADE_BY, 4);
    r.writeUInt16LE(farOffset ? VERSION_ZIP64 : VERSION_DEFLATE, 6);
    r.writeUInt16LE(entry.flags, 8);
    r.writeUInt16LE(DEFLATED, 10);
    r.writeUInt16LE(time, 12);
    r.writeUInt16LE(date, 14);
    r.writeUInt32LE(entry.crc, 16);
    r.writeUInt32LE(entry.compressedSize, 20);
    r.writeUInt32LE(entry.size, 24);
    r.writeUInt16LE(entry.name.length, 28);
    r.writeUInt16LE(extra, 30);
    r.writeUInt16LE(0, 32); // comment length
    r.writeUInt16LE(0, 34); // disk number
    r.writeUInt16LE(0, 36); // internal attributes
    r.writeUInt32LE(FILE_ATTRIBUTES, 38);
    r.writeUInt32LE(farOffset ? MAX_32 : entry.offset, 42);
    entry.name.copy(r, 46);
    if (farOffset) {
      const at = 46 + entry.name.length;
      r.writeUInt16LE(0x0001, at); // ZIP64 extended information
      r.writeUInt16LE(8, at + 2);
      r.writeBigUInt64LE(BigInt(entry.offset), at + 4);
    }
    this.count += 1;
  }

  /** Counts the bytes handed out: they are the offsets of what comes next. */
  private out(chunks: Buffer[]): Buffer[] {
    for (const chunk of chunks) this.offset += chunk.length;
    return chunks;
  }
}
