import parseRange from 'range-parser';
import { deliversWholeFile, rangeAnswer } from './byte-ranges';
import { deliveryMode } from './file-sender.service';

const file = { size: 1000, etag: '"abc-3e8"', lastModified: new Date('2024-05-01T10:00:00Z') };
const ask = (range?: string, ifRange?: string) =>
  rangeAnswer({ range, ifRange, parse: (size) => parseRange(size, range ?? '', { combine: true }) }, file);

describe('rangeAnswer (what a GET of a file gets, as Express answers it)', () => {
  it.each([
    [undefined, undefined, { kind: 'whole' }],
    ['bytes=0-99', undefined, { kind: 'part', range: { start: 0, end: 99 } }],
    ['bytes=-10', undefined, { kind: 'part', range: { start: 990, end: 999 } }],
    ['bytes=900-', undefined, { kind: 'part', range: { start: 900, end: 999 } }],
    ['bytes=900-5000', undefined, { kind: 'part', range: { start: 900, end: 999 } }],
    ['bytes=1000-', undefined, { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-6', undefined, { kind: 'whole' }], // several ranges: the whole file
    ['bytes=0-1,2-6', undefined, { kind: 'part', range: { start: 0, end: 6 } }], // combined into one
    ['bytes=abc', undefined, { kind: 'whole' }], // malformed: ignored
    ['items=0-5', undefined, { kind: 'whole' }],
    ['bytes=0-99', '"abc-3e8"', { kind: 'part', range: { start: 0, end: 99 } }],
    ['bytes=0-99', '"old"', { kind: 'whole' }], // If-Range no longer holds
    ['bytes=0-99', 'Wed, 01 May 2024 10:00:00 GMT', { kind: 'part', range: { start: 0, end: 99 } }],
    ['bytes=0-99', 'Tue, 30 Apr 2024 10:00:00 GMT', { kind: 'whole' }],
  ])('Range %s, If-Range %s', (range, ifRange, expected) => {
    expect(ask(range, ifRange)).toEqual(expected);
  });

  it('counts a delivery of every byte as a whole file', () => {
    expect(deliversWholeFile({ kind: 'whole' }, 1000)).toBe(true);
    expect(deliversWholeFile({ kind: 'part', range: { start: 0, end: 999 } }, 1000)).toBe(true);
    expect(deliversWholeFile({ kind: 'part', range: { start: 0, end: 998 } }, 1000)).toBe(false);
    expect(deliversWholeFile({ kind: 'unsatisfiable' }, 1000)).toBe(false);
  });
});

describe('deliveryMode', () => {
  const local = { kind: 'local', fileDelivery: 'bff', s3Delivery: 'stream' } as const;
  it.each([
    [local, 'download', 'sendFile'],
    [{ ...local, fileDelivery: 'x-accel' }, 'download', 'x-accel'],
    [{ ...local, fileDelivery: 'x-accel' }, 'stream', 'x-accel'],
    [{ ...local, kind: 's3' }, 'download', 's3-stream'],
    [{ ...local, kind: 's3', s3Delivery: 'redirect' }, 'download', 's3-redirect'],
    [{ ...local, kind: 's3', s3Delivery: 'redirect' }, 'inline', 's3-redirect'],
    // The viewer reads with Range requests under the site's CSP (connect-src 'self'): never redirected.
    [{ ...local, kind: 's3', s3Delivery: 'redirect' }, 'stream', 's3-stream'],
  ] as const)('%j, %s: %s', (storage, delivery, mode) => {
    expect(deliveryMode(storage, delivery)).toBe(mode);
  });
});
