/**
 * A ZIP archive written to a file, one entry after the other, with Node alone (zlib's crc32 and deflateRaw): JSON and
 * text are deflated, pictures stored as they are (they are compressed already). Names are UTF-8 (general purpose
 * flag bit 11). No ZIP64: an entry and the archive stay under 4 GB (a data export is far smaller), else it throws.
 * The layout is the one of APPNOTE.TXT: a local header and the data per entry, then the central directory and its
 * end record.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

const UTF8_NAMES = 1 << 11;
const STORED = 0;
const DEFLATED = 8;
const VERSION = 20;
const LIMIT = 0xffffffff;

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  dosTime: number;
  dosDate: number;
}

/** A date as the ZIP format stores it (MS-DOS time and date, local fields taken as UTC). */
function dosDateTime(d: Date) {
  return {
    dosTime: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    dosDate: (Math.max(0, d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

export class ZipFile {
  private readonly out: WriteStream;
  private readonly entries: Written[] = [];
  private offset = 0;

  constructor(readonly path: string) {
    this.out = createWriteStream(path);
  }

  private write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    return new Promise((resolve, reject) => {
      this.out.write(chunk, (err) => (err ? reject(err) : resolve()));
    });
  }

  /** Adds one file; `compress: false` stores it as it is (pictures). */
  async add(name: string, data: Uint8Array | string, opts: { compress?: boolean; at?: Date } = {}): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
    const deflate = opts.compress !== false;
    const body = deflate ? deflateRawSync(bytes) : bytes;
    if (bytes.length >= LIMIT || this.offset + body.length >= LIMIT) throw new Error('The archive would need ZIP64');
    const entry: Written = {
      name: Buffer.from(name, 'utf8'),
      method: deflate ? DEFLATED : STORED,
      crc: crc32(bytes),
      compressedSize: body.length,
      size: bytes.length,
      offset: this.offset,
      ...dosDateTime(opts.at ?? new Date()),
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(UTF8_NAMES, 6);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt16LE(entry.dosTime, 10);
    header.writeUInt16LE(entry.dosDate, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressedSize, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(0, 28);
    await this.write(header);
    await this.write(entry.name);
    await this.write(body);
    this.entries.push(entry);
  }

  /** Writes the central directory and closes the file; answers the archive's size in bytes. */
  async close(): Promise<number> {
    const start = this.offset;
    for (const e of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(UTF8_NAMES, 8);
      header.writeUInt16LE(e.method, 10);
      header.writeUInt16LE(e.dosTime, 12);
      header.writeUInt16LE(e.dosDate, 14);
      header.writeUInt32LE(e.crc, 16);
      header.writeUInt32LE(e.compressedSize, 20);
      header.writeUInt32LE(e.size, 24);
      header.writeUInt16LE(e.name.length, 28);
      header.writeUInt16LE(0, 30);
      header.writeUInt16LE(0, 32);
      header.writeUInt16LE(0, 34);
      header.writeUInt16LE(0, 36);
      header.writeUInt32LE(0, 38);
      header.writeUInt32LE(e.offset, 42);
      await this.write(header);
      await this.write(e.name);
    }
    const size = this.offset - start;
    if (this.entries.length > 0xffff || this.offset >= LIMIT) throw new Error('The archive would need ZIP64');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(0, 4);
    end.writeUInt16LE(0, 6);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    end.writeUInt16LE(0, 20);
    await this.write(end);
    await new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(() => resolve());
    });
    return this.offset;
  }
}
