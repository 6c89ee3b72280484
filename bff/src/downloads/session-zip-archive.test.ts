import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { unzipSync } from 'fflate';
import { StoredZip, ZIP_READ_CHUNK, ZipSinkClosedError, type ZipMember, type ZipSink } from './session-zip-archive';

/** A response-like sink: takes every chunk (copied: the writer reuses its buffers) and calls back asynchronously. */
class MemorySink implements ZipSink {
  readonly chunks: Buffer[] = [];
  destroyed = false;
  private onClose: (() => void) | undefined;
  constructor(private readonly closeAfterBytes = Infinity) {}

  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }

  write(chunk: Uint8Array, callback: (error?: Error | null) => void): boolean {
    this.chunks.push(Buffer.from(chunk));
    if (this.bytes.length >= this.closeAfterBytes) {
      // The client goes away: this write's callback never comes (as with a destroyed socket); 'close' does.
      this.destroyed = true;
      setImmediate(() => this.onClose?.());
      return false;
    }
    setImmediate(() => callback());
    return true;
  }

  once(_event: 'close', listener: () => void): this {
    this.onClose = listener;
    return this;
  }
}

/** Every central directory record, read with the spec's offsets (ZIP64 extras resolved), and the local header behind it. */
function centralDirectory(zip: Buffer) {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  let zip64End = false;
  if (count === 0xffff || at === 0xffffffff) {
    const locator = eocd - 20;
    expect(zip.readUInt32LE(locator)).toBe(0x07064b50);
    const record = Number(zip.readBigUInt64LE(locator + 8));
    expect(zip.readUInt32LE(record)).toBe(0x06064b50);
    count = Number(zip.readBigUInt64LE(record + 32));
    at = Number(zip.readBigUInt64LE(record + 48));
    zip64End = true;
  }
  const entries = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(at + 8);
    expect(zip.readUInt16LE(at + 10)).toBe(0); // STORED
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    let size = zip.readUInt32LE(at + 24);
    let offset = zip.readUInt32LE(at + 42);
    if (extraLength > 0) {
      const extra = at + 46 + nameLength;
      expect(zip.readUInt16LE(extra)).toBe(0x0001);
      size = Number(zip.readBigUInt64LE(extra + 4));
      offset = Number(zip.readBigUInt64LE(extra + 20));
    }
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    expect(zip.readUInt16LE(offset + 6)).toBe(flags); // local and central flags agree
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    entries.push({
      name,
      flags,
      crc: zip.readUInt32LE(at + 16),
      size,
      data: zip.subarray(dataStart, dataStart + size),
    });
    at += 46 + nameLength + extraLength;
  }
  return { entries, zip64End };
}

describe('StoredZip', () => {
  let dir: string;
  const files: Record<string, Buffer> = {};
  let written = 0;
  const member = (name: string, bytes: Buffer, known = false): ZipMember => {
    const path = join(dir, `${written++}.bin`);
    writeFileSync(path, bytes);
    files[name] = bytes;
    return { name, path, size: bytes.length, crc32: known ? crc32(bytes) >>> 0 : null };
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'stored-zip-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const members = () => [
    // Larger than two read buffers, so both are reused; an empty file; a name that is not ASCII; a known CRC.
    member('9702_s23_qp_12.pdf', randomBytes(2 * ZIP_READ_CHUNK + 12_345)),
    member('empty.pdf', Buffer.alloc(0)),
    member('physique-épreuve-1.pdf', randomBytes(1000)),
    member('9702_s23_ms_12.pdf', randomBytes(ZIP_READ_CHUNK), true),
  ];

  it.each([
    ['plain records', false],
    ['ZIP64 records', true],
  ])('writes exactly the size it announced, every file byte for byte, with its CRC-32 (%s)', async (_label, force) => {
    const list = members();
    const zip = new StoredZip(list, { modified: new Date(Date.UTC(2000, 0, 1)), forceZip64: force });
    const sink = new MemorySink();
    await zip.write(sink);
    const bytes = sink.bytes;
    expect(bytes.length).toBe(zip.size);

    const { entries, zip64End } = centralDirectory(bytes);
    expect(zip64End).toBe(force);
    expect(entries.map((e) => e.name)).toEqual(list.map((m) => m.name));
    for (const entry of entries) {
      const original = files[entry.name]!;
      expect(entry.size).toBe(original.length);
      expect(entry.data.equals(original)).toBe(true);
      expect(entry.crc).toBe(crc32(original) >>> 0);
      // UTF-8 names; a CRC not known in advance follows the data in a descriptor (bit 3).
      const known = list.find((m) => m.name === entry.name)!.crc32 !== null;
      expect(entry.flags).toBe((1 << 11) | (known ? 0 : 1 << 3));
    }
    // What it computed (or was given) can be kept for the next zip.
    expect(zip.crcs).toEqual(list.map((m) => crc32(files[m.name]!) >>> 0));
    // An independent reader agrees.
    const unzipped = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(unzipped)).toEqual(list.map((m) => m.name));
    for (const [name, data] of Object.entries(unzipped)) expect(Buffer.from(data).equals(files[name]!)).toBe(true);
  });

  it('stops reading when the client goes away', async () => {
    const list = members();
    const zip = new StoredZip(list, { modified: new Date(Date.UTC(2000, 0, 1)) });
    const sink = new MemorySink(ZIP_READ_CHUNK + 100);
    await expect(zip.write(sink)).rejects.toBeInstanceOf(ZipSinkClosedError);
    expect(sink.bytes.length).toBeLessThan(zip.size);
    // Only the files read to their end have a CRC-32 to keep, and it is theirs.
    expect(zip.crcs.length).toBeLessThan(list.length);
    zip.crcs.forEach((crc, i) => expect(crc).toBe(crc32(files[list[i]!.name]!) >>> 0));
  });

  it('fails, rather than send other bytes, when a file is not the size it was listed with', async () => {
    const [first] = members();
    const zip = new StoredZip([{ ...first!, size: first!.size + 1 }], { modified: new Date(Date.UTC(2000, 0, 1)) });
    await expect(zip.write(new MemorySink())).rejects.toThrow(/ended before/);
  });
});
