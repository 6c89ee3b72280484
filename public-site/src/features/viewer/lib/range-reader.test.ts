import { queryRangeUrl, RangeReader, type RangeFetch } from './range-reader';

const SIZE = 10_000;
const FILE = Uint8Array.from({ length: SIZE }, (_, i) => i % 251);
const URL = '/backend/api/past_papers.php?download_variant_id=1&variant_document_type=document&stream=1';

interface Call {
  url: string;
  range: string | null;
}

/** A server holding FILE: one range answered 206, several as multipart/byteranges (when `multipart`). */
function server({ multipart = true, ignoreRanges = false } = {}) {
  const calls: Call[] = [];
  const respond = (status: number, headers: Record<string, string>, body: Uint8Array) =>
    ({
      status,
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      body: null,
      arrayBuffer: async () => body.slice().buffer,
    }) as unknown as Response;
  const fetchRange: RangeFetch = async (url, init) => {
    const range = (init.headers as Record<string, string> | undefined)?.Range ?? null;
    calls.push({ url, range });
    const common: Record<string, string> = multipart ? { 'x-multipart-ranges': '1' } : {};
    const fromQuery = /[?&]range=(\d+)-(\d+)$/.exec(url);
    const spec = range?.replace('bytes=', '') ?? (fromQuery ? `${fromQuery[1]}-${fromQuery[2]}` : null);
    if (!spec || ignoreRanges) return respond(200, common, FILE);
    const ranges = spec.split(',').map((r) => r.split('-').map(Number) as [number, number]);
    if (ranges.length === 1) {
      const [a, b] = ranges[0]!;
      return respond(206, { ...common, 'content-range': `bytes ${a}-${b}/${SIZE}` }, FILE.slice(a, b + 1));
    }
    const encoder = new TextEncoder();
    const pieces: Uint8Array[] = [];
    for (const [a, b] of ranges) {
      pieces.push(
        encoder.encode(`\r\n--XYZ\r\nContent-Type: application/pdf\r\nContent-Range: bytes ${a}-${b}/${SIZE}\r\n\r\n`),
      );
      pieces.push(FILE.slice(a, b + 1));
    }
    pieces.push(encoder.encode('\r\n--XYZ--\r\n'));
    const body = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const piece of pieces) {
      body.set(piece, offset);
      offset += piece.length;
    }
    return respond(206, { ...common, 'content-type': 'multipart/byteranges; boundary=XYZ' }, body);
  };
  return { calls, fetchRange };
}

describe('RangeReader', () => {
  it('reads ranges with Range requests and never asks twice for the same bytes', async () => {
    const { calls, fetchRange } = server({ multipart: false });
    const reader = new RangeReader(URL, SIZE, fetchRange);
    expect(await reader.read(100, 200)).toEqual(FILE.slice(100, 200));
    expect(await reader.read(150, 300)).toEqual(FILE.slice(150, 300));
    expect(await reader.read(120, 180)).toEqual(FILE.slice(120, 180));
    expect(calls.map((c) => c.range)).toEqual(['bytes=100-199', 'bytes=200-299']);
    expect(reader.fetched).toBe(200);
  });

  it('answers reads from a preloaded stretch (range in the query, no Range header)', async () => {
    const { calls, fetchRange } = server();
    const reader = new RangeReader(URL, SIZE, fetchRange);
    reader.prefetchPreloaded(0, 4096);
    expect(await reader.read(0, 1024)).toEqual(FILE.slice(0, 1024));
    expect(calls).toEqual([{ url: queryRangeUrl(URL, 0, 4096), range: null }]);
    expect(queryRangeUrl(URL, 0, 4096)).toBe(`${URL}&range=0-4095`);
  });

  it('asks for reads made together in one multi-range request once the server says it can', async () => {
    const { calls, fetchRange } = server();
    const reader = new RangeReader(URL, SIZE, fetchRange);
    await reader.read(0, 10); // learns that the server answers several ranges at once
    const reads = [reader.read(1000, 1100), reader.read(5000, 5050), reader.read(9000, 9999)];
    expect(await Promise.all(reads)).toEqual([FILE.slice(1000, 1100), FILE.slice(5000, 5050), FILE.slice(9000, 9999)]);
    expect(calls.map((c) => c.range)).toEqual(['bytes=0-9', 'bytes=1000-1099,5000-5049,9000-9998']);
  });

  it('reads one range whose Content-Range it cannot see (another origin), checking its length', async () => {
    const fetchRange: RangeFetch = async () =>
      ({
        status: 206,
        headers: { get: () => null },
        body: null,
        arrayBuffer: async () => FILE.slice(40, 60).buffer,
      }) as unknown as Response;
    expect(await new RangeReader(URL, SIZE, fetchRange).read(40, 60)).toEqual(FILE.slice(40, 60));
    await expect(new RangeReader(URL, SIZE, fetchRange).read(40, 61)).rejects.toThrow('another length');
  });

  it('keeps the whole file when a server ignores the Range, and asks nothing more', async () => {
    const { calls, fetchRange } = server({ ignoreRanges: true, multipart: false });
    const reader = new RangeReader(URL, SIZE, fetchRange);
    expect(await reader.read(10, 20)).toEqual(FILE.slice(10, 20));
    expect(await reader.read(8000, 9000)).toEqual(FILE.slice(8000, 9000));
    expect(calls).toHaveLength(1);
  });

  it('fails a read whose answer is for another document size', async () => {
    const { fetchRange } = server({ multipart: false });
    const reader = new RangeReader(URL, SIZE + 1, fetchRange);
    await expect(reader.read(0, 10)).rejects.toThrow('changed');
    const fixed = new RangeReader(URL, SIZE, fetchRange);
    expect(await fixed.read(0, 10)).toEqual(FILE.slice(0, 10));
  });
});
