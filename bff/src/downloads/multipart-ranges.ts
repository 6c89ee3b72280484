import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';

/** At most this many ranges in one request (more is refused with 416): a bound on the work one request asks for. */
export const MAX_RANGES = 64;

/**
 * Tells the site's viewer that a stream read may ask for several ranges at once. pdf.js reads a document's small
 * objects (page dictionaries, fonts' dictionaries) from all over the file, many of them at the same moment; on a
 * phone's link every request costs a round trip, so the viewer asks for them in one request.
 */
export const MULTIPART_RANGES_HEADER = 'X-Multipart-Ranges';

interface ByteRange {
  start: number;
  end: number;
}

/**
 * The ranges of a request's Range header when it asks for more than one (overlapping and adjacent ones combined),
 * 'unsatisfiable' when it asks for too many or none exists, or null when it is not a multi-range read (no Range,
 * one range, a malformed header or an If-Range that no longer matches: Express answers those as usual).
 */
export function multipleRanges(req: Request, size: number, etag: string): ByteRange[] | 'unsatisfiable' | null {
  const header = req.headers.range;
  if (req.method !== 'GET' || !header || !header.includes(',')) return null;
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag) return null;
  if (header.split(',').length > MAX_RANGES) return 'unsatisfiable';
  const ranges = req.range(size, { combine: true });
  if (ranges === undefined || ranges === -2) return null;
  if (ranges === -1) return 'unsatisfiable';
  return ranges.length > 1 ? ranges.map(({ start, end }) => ({ start, end })) : null;
}

/**
 * Answers 206 with a multipart/byteranges body (RFC 9110, 14.6): each range as a part with its Content-Range,
 * read in turn through `openRange` (the storage, local or a bucket). Headers set before (ETag, Cache-Control,
 * Content-Disposition...) are kept.
 */
export async function sendMultipartRanges(
  res: Response,
  openRange: (range: ByteRange) => Promise<Readable>,
  ranges: ByteRange[],
  size: number,
  contentType: string,
): Promise<void> {
  const boundary = randomBytes(16).toString('hex');
  const heads = ranges.map(
    (r, i) =>
      `${i === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Type: ${contentType}\r\nContent-Range: bytes ${r.start}-${r.end}/${size}\r\n\r\n`,
  );
  const tail = `\r\n--${boundary}--\r\n`;
  const length =
    heads.reduce((n, head) => n + Buffer.byteLength(head), 0) +
    ranges.reduce((n, r) => n + r.end - r.start + 1, 0) +
    Buffer.byteLength(tail);
  res.status(206);
  res.setHeader('Content-Type', `multipart/byteranges; boundary=${boundary}`);
  res.setHeader('Content-Length', String(length));
  res.setHeader('Accept-Ranges', 'bytes');
  res.flushHeaders();
  for (const [i, range] of ranges.entries()) {
    if (!(await write(res, heads[i]!))) return;
    for await (const chunk of await openRange(range)) {
      if (!(await write(res, chunk as Buffer))) return;
    }
  }
  res.end(tail);
}

/** Writes, waiting for the client to take what is buffered; false once the client has gone. */
async function write(res: Response, data: string | Buffer): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.write(data)) {
    const closed = once(res, 'close').then(() => false);
    return Promise.race([once(res, 'drain').then(() => !res.destroyed), closed]);
  }
  return true;
}
