import { open, type FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/** One file of a zip whose entries are STORED (written as they are: PDFs and Word files are compressed already). */
export interface ZipMember {
  /** The name inside the zip (UTF-8). */
  name: string;
  /** Where the bytes are read from. */
  path: string;
  size: number;
  /**
   * The file's CRC-32 when known in advance: its local header then carries it. Unknown (null), it is computed while
   * the bytes stream and written after them in a data descriptor (general purpose bit 3), as zip allows.
   */
  crc32: number | null;
}

export interface ZipOptions {
  /** Every entry's DOS time (a constant keeps the same session's zip byte for byte the same). */
  modified: Date;
  /** ZIP64 records even when no size or offset needs them (tests exercise that path with small files). */
  forceZip64?: boolean;
}

/** Where the zip's bytes go: Node's http.ServerResponse is one. */
export interface ZipSink {
  write(chunk: Uint8Array, callback: (error?: Error | null) => void): boolean;
  once(event: 'close', listener: () => void): unknown;
  readonly destroyed: boolean;
}

/** The client went away (or the response failed) before the zip was written: nothing more is read. */
export class ZipSinkClosedError extends Error {
  constructor() {
    super('The zip was not read to its end');
  }
}

/** Reads of this size into two buffers reused for the whole zip: one is read into while the other is sent. */
export const ZIP_READ_CHUNK = 512 * 1024;

const UTF8_NAMES = 1 << 11;
const CRC_AFTER_DATA = 1 << 3;
const VERSION_MADE_BY = (3 << 8) | 45; // Unix, zip 4.5
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const DESCRIPTOR = 16;
const DESCRIPTOR64 = 24;
const ZIP64_LOCAL_EXTRA = 20; // tag, length, uncompressed size, compressed size
const END = 22;
const END64 = 56 + 20; // the ZIP64 end of central directory record and its locator

interface Placed extends ZipMember {
  nameBytes: Buffer;
  offset: number;
  /** Sizes (and the local header's offset) written in ZIP64 extra fields. */
  zip64: boolean;
}

/**
 * A zip whose every entry is STORED, laid out before the first byte: its exact size is known up front (for
 * Content-Length), then `write` streams it with no temporary file and a constant amount of memory (two read buffers
 * of ZIP_READ_CHUNK, reused from the first file to the last: no allocation per chunk, so no garbage for V8 to
 * collect while hundreds of megabytes go through). ZIP64 records are written only where a size or an offset needs
 * them (APPNOTE 6.3.x, sections 4.3.7–4.3.16 and 4.5.3).
 */
export class StoredZip {
  readonly size: number;
  /**
   * The CRC-32 of each member whose bytes were all read (in the members' order; none for the others): given, or
   * computed on the way. What `write` computed can be kept for the next zip, even when the client left later.
   */
  readonly crcs: Array<number | undefined> = [];
  private readonly placed: Placed[];
  private readonly centralOffset: number;
  private readonly centralSize: number;
  private readonly zip64End: boolean;
  private readonly dosTime: number;
  private readonly dosDate: number;

  constructor(members: ZipMember[], options: ZipOptions) {
    const force = options.forceZip64 === true;
    let offset = 0;
    let centralSize = 0;
    this.placed = members.map((member) => {
      const nameBytes = Buffer.from(member.name, 'utf8');
      if (nameBytes.length > MAX16) throw new Error(`A zip entry's name is too long: ${member.name.slice(0, 40)}…`);
      const zip64 = force || member.size >= MAX32 || offset >= MAX32;
      const placed: Placed = { ...member, nameBytes, offset, zip64 };
      offset += localHeaderLength(placed) + member.size + descriptorLength(placed);
      centralSize += CENTRAL_HEADER + nameBytes.length + (zip64 ? 28 : 0);
      return placed;
    });
    this.centralOffset = offset;
    this.centralSize = centralSize;
    this.zip64End = force || members.length >= MAX16 || offset >= MAX32 || centralSize >= MAX32;
    this.size = offset + centralSize + (this.zip64End ? END64 : 0) + END;
    [this.dosTime, this.dosDate] = dosDateTime(options.modified);
  }

  /**
   * Streams the zip into `sink` (headers, each file's bytes, the central directory). Rejects with
   * ZipSinkClosedError when the client leaves, or with the file system's error when a file cannot be read (or is
   * not the size it was listed with): the response is then shorter than its Content-Length, which clients report
   * as a failed download.
   */
  async write(sink: ZipSink): Promise<void> {
    const out = new SinkWriter(sink);
    const ring = new BufferRing();
    // The next file is opened while the current one streams: no pause at a file boundary.
    let opening: Promise<FileHandle> | null = null;
    try {
      for (const [i, member] of this.placed.entries()) {
        const file = await (opening ?? open(member.path, 'r'));
        const next = this.placed[i + 1];
        opening = next ? open(next.path, 'r') : null;
        opening?.catch(() => undefined); // observed when its turn comes
        // Headers are fresh buffers: sent without waiting (the file's chunks wait for the socket; a failure shows at
        // the last write, after which nothing more is read).
        out.send(this.localHeader(member));
        const crc = await streamFile(member, file, out, ring);
        this.crcs[i] = crc;
        if (member.crc32 === null) out.send(descriptor(member, crc));
      }
    } finally {
      void opening?.then((file) => file.close()).catch(() => undefined);
    }
    const central = Buffer.allocUnsafe(this.centralSize);
    let at = 0;
    this.placed.forEach((member, i) => (at = this.centralHeader(member, this.crcs[i]!, central, at)));
    out.send(central);
    await out.write(this.end());
    await ring.drained();
  }

  private localHeader(m: Placed): Buffer {
    const header = Buffer.alloc(localHeaderLength(m));
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(m.zip64 ? 45 : 20, 4); // version needed to extract
    header.writeUInt16LE(UTF8_NAMES | (m.crc32 === null ? CRC_AFTER_DATA : 0), 6);
    header.writeUInt16LE(0, 8); // STORED
    header.writeUInt16LE(this.dosTime, 10);
    header.writeUInt16LE(this.dosDate, 12);
    // With a data descriptor the CRC and sizes are zero here (APPNOTE 4.4.4); with ZIP64 the sizes are in the extra.
    const known = m.crc32 !== null;
    header.writeUInt32LE(known ? m.crc32! : 0, 14);
    header.writeUInt32LE(m.zip64 ? MAX32 : known ? m.size : 0, 18);
    header.writeUInt32LE(m.zip64 ? MAX32 : known ? m.size : 0, 22);
    header.writeUInt16LE(m.nameBytes.length, 26);
    header.writeUInt16LE(m.zip64 ? ZIP64_LOCAL_EXTRA : 0, 28);
    m.nameBytes.copy(header, LOCAL_HEADER);
    if (m.zip64) {
      const extra = LOCAL_HEADER + m.nameBytes.length;
      header.writeUInt16LE(0x0001, extra);
      header.writeUInt16LE(16, extra + 2);
      header.writeBigUInt64LE(BigInt(known ? m.size : 0), extra + 4);
      header.writeBigUInt64LE(BigInt(known ? m.size : 0), extra + 12);
    }
    return header;
  }

  private centralHeader(m: Placed, crc: number, out: Buffer, at: number): number {
    out.writeUInt32LE(0x02014b50, at);
    out.writeUInt16LE(VERSION_MADE_BY, at + 4);
    out.writeUInt16LE(m.zip64 ? 45 : 20, at + 6);
    out.writeUInt16LE(UTF8_NAMES | (m.crc32 === null ? CRC_AFTER_DATA : 0), at + 8);
    out.writeUInt16LE(0, at + 10);
    out.writeUInt16LE(this.dosTime, at + 12);
    out.writeUInt16LE(this.dosDate, at + 14);
    out.writeUInt32LE(crc, at + 16);
    out.writeUInt32LE(m.zip64 ? MAX32 : m.size, at + 20);
    out.writeUInt32LE(m.zip64 ? MAX32 : m.size, at + 24);
    out.writeUInt16LE(m.nameBytes.length, at + 28);
    out.writeUInt16LE(m.zip64 ? 28 : 0, at + 30);
    out.writeUInt16LE(0, at + 32); // comment
    out.writeUInt16LE(0, at + 34); // disk
    out.writeUInt16LE(0, at + 36); // internal attributes
    out.writeUInt32LE((0o100644 << 16) >>> 0, at + 38); // a regular file, rw-r--r--
    out.writeUInt32LE(m.zip64 ? MAX32 : m.offset, at + 42);
    m.nameBytes.copy(out, at + CENTRAL_HEADER);
    let end = at + CENTRAL_HEADER + m.nameBytes.length;
    if (m.zip64) {
      out.writeUInt16LE(0x0001, end);
      out.writeUInt16LE(24, end + 2);
      out.writeBigUInt64LE(BigInt(m.size), end + 4);
      out.writeBigUInt64LE(BigInt(m.size), end + 12);
      out.writeBigUInt64LE(BigInt(m.offset), end + 20);
      end += 28;
    }
    return end;
  }

  private end(): Buffer {
    const count = this.placed.length;
    const end = Buffer.alloc((this.zip64End ? END64 : 0) + END);
    let at = 0;
    if (this.zip64End) {
      const record = this.centralOffset + this.centralSize;
      end.writeUInt32LE(0x06064b50, 0);
      end.writeBigUInt64LE(BigInt(56 - 12), 4);
      end.writeUInt16LE(VERSION_MADE_BY, 12);
      end.writeUInt16LE(45, 14);
      end.writeUInt32LE(0, 16);
      end.writeUInt32LE(0, 20);
      end.writeBigUInt64LE(BigInt(count), 24);
      end.writeBigUInt64LE(BigInt(count), 32);
      end.writeBigUInt64LE(BigInt(this.centralSize), 40);
      end.writeBigUInt64LE(BigInt(this.centralOffset), 48);
      end.writeUInt32LE(0x07064b50, 56); // locator
      end.writeUInt32LE(0, 60);
      end.writeBigUInt64LE(BigInt(record), 64);
      end.writeUInt32LE(1, 72);
      at = END64;
    }
    end.writeUInt32LE(0x06054b50, at);
    end.writeUInt16LE(0, at + 4);
    end.writeUInt16LE(0, at + 6);
    end.writeUInt16LE(this.zip64End ? MAX16 : count, at + 8);
    end.writeUInt16LE(this.zip64End ? MAX16 : count, at + 10);
    end.writeUInt32LE(this.zip64End ? MAX32 : this.centralSize, at + 12);
    end.writeUInt32LE(this.zip64End ? MAX32 : this.centralOffset, at + 16);
    end.writeUInt16LE(0, at + 20); // comment
    return end;
  }
}

const localHeaderLength = (m: Placed) => LOCAL_HEADER + m.nameBytes.length + (m.zip64 ? ZIP64_LOCAL_EXTRA : 0);
const descriptorLength = (m: Placed) => (m.crc32 !== null ? 0 : m.zip64 ? DESCRIPTOR64 : DESCRIPTOR);

function descriptor(m: Placed, crc: number): Buffer {
  const out = Buffer.alloc(descriptorLength(m));
  out.writeUInt32LE(0x08074b50, 0);
  out.writeUInt32LE(crc, 4);
  if (m.zip64) {
    out.writeBigUInt64LE(BigInt(m.size), 8);
    out.writeBigUInt64LE(BigInt(m.size), 16);
  } else {
    out.writeUInt32LE(m.size, 8);
    out.writeUInt32LE(m.size, 12);
  }
  return out;
}

/**
 * Two read buffers reused for the whole zip, across files: one is read into while the other is on its way to the
 * socket. A buffer is handed out again only once the socket has taken what it held.
 */
class BufferRing {
  private readonly buffers = [Buffer.allocUnsafe(ZIP_READ_CHUNK), Buffer.allocUnsafe(ZIP_READ_CHUNK)];
  private readonly sent: Array<Promise<void>> = [Promise.resolve(), Promise.resolve()];
  private turn = 0;

  /** The next free buffer, and where to say that its bytes are being written. */
  async take(): Promise<{ buffer: Buffer; sending: (write: Promise<void>) => void }> {
    const slot = this.turn;
    this.turn = 1 - slot;
    await this.sent[slot];
    return {
      buffer: this.buffers[slot]!,
      sending: (write) => {
        // A failed write must not go unobserved while the other buffer is read; the next take() reports it.
        write.catch(() => undefined);
        this.sent[slot] = write;
      },
    };
  }

  drained(): Promise<unknown> {
    return Promise.all(this.sent);
  }
}

/**
 * Sends a file's bytes through the ring, the file's next chunk read while its previous one is written; returns its
 * CRC-32 (computed on the way, by zlib's native code, when it was not known). The file is closed without waiting.
 * It was listed with its size a moment ago (stored files never change in place); one that ends early fails the zip.
 */
async function streamFile(m: Placed, file: FileHandle, out: SinkWriter, ring: BufferRing): Promise<number> {
  try {
    let crc = 0;
    let position = 0;
    while (position < m.size) {
      const { buffer, sending } = await ring.take();
      const { bytesRead } = await file.read(buffer, 0, Math.min(buffer.length, m.size - position), position);
      if (bytesRead === 0) throw new Error(`${m.name} ended before ${m.size} bytes`);
      const chunk = buffer.subarray(0, bytesRead);
      if (m.crc32 === null) crc = crc32(chunk, crc);
      sending(out.write(chunk));
      position += bytesRead;
    }
    return m.crc32 ?? crc >>> 0;
  } finally {
    void file.close().catch(() => undefined);
  }
}

/** Writes resolve once the sink has taken the bytes (the socket wrote them): only then may their buffer be reused. */
class SinkWriter {
  private closed = false;
  private readonly pending = new Set<(error: Error) => void>();

  constructor(private readonly sink: ZipSink) {
    sink.once('close', () => {
      this.closed = true;
      for (const fail of this.pending) fail(new ZipSinkClosedError());
      this.pending.clear();
    });
  }

  /** A write nobody waits for (its failure closes the response, which the next awaited write reports). */
  send(chunk: Uint8Array): void {
    this.write(chunk).catch(() => undefined);
  }

  write(chunk: Uint8Array): Promise<void> {
    if (this.closed || this.sink.destroyed) return Promise.reject(new ZipSinkClosedError());
    return new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      this.pending.add(fail);
      this.sink.write(chunk, (error) => {
        this.pending.delete(fail);
        if (error) reject(error);
        else resolve();
      });
    });
  }
}

/** MS-DOS time and date (2-second precision, local fields as zip readers show them: taken in UTC here). */
function dosDateTime(date: Date): [number, number] {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return [time, day];
}
