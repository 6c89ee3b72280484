import type { ByteRange } from '../storage/storage-backend';

/** What a GET of a file answers, decided from its Range and If-Range headers (as Express's send decides). */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

/** Express's `req.range(size, { combine: true })`: ranges, -1 (unsatisfiable), -2 (malformed) or undefined. */
type ParsedRanges = ByteRange[] | -1 | -2 | undefined;

export interface RangeRequest {
  range: string | undefined;
  ifRange: string | undefined;
  parse(size: number): ParsedRanges;
}

/** Whether If-Range still names this version (an ETag, or a date no older than the file's). */
function ifRangeHolds(ifRange: string, file: { etag: string; lastModified: Date }): boolean {
  if (ifRange.includes('"')) return ifRange.includes(file.etag);
  const since = Date.parse(ifRange);
  return Number.isFinite(since) && Math.floor(file.lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * The part of the file a GET gets. A Range is ignored (the whole file) when it is malformed, names several ranges,
 * or its If-Range no longer holds; a range past the end is unsatisfiable (416).
 */
export function rangeAnswer(req: RangeRequest, file: { size: number; etag: string; lastModified: Date }): RangeAnswer {
  if (!req.range || !/^\s*bytes=/i.test(req.range)) return { kind: 'whole' };
  if (req.ifRange !== undefined && !ifRangeHolds(req.ifRange, file)) return { kind: 'whole' };
  const ranges = req.parse(file.size);
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === -2 || ranges === undefined || ranges.length !== 1) return { kind: 'whole' };
  return { kind: 'part', range: { start: ranges[0]!.start, end: ranges[0]!.end } };
}

/** Whether an answer delivers every byte of the file (a Range covering all of it included). */
export function deliversWholeFile(answer: RangeAnswer, size: number): boolean {
  if (answer.kind === 'whole') return true;
  return answer.kind === 'part' && answer.range.start === 0 && answer.range.end === size - 1;
}
