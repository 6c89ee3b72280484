import { formatDate } from './dates';
import { formatCount, formatFileSize, formatNumber } from './numbers';
import { normaliseSession } from './session';

describe('formatNumber', () => {
  it('uses en-US thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(undefined)).toBe('0');
  });
});

describe('formatCount', () => {
  it('puts the noun in the right number (no "1 downloads", no "Downloaded: 1 times")', () => {
    expect(formatCount(1, 'download', 'downloads')).toBe('1 download');
    expect(formatCount(0, 'download', 'downloads')).toBe('0 downloads');
    expect(formatCount(1204, 'time', 'times')).toBe('1,204 times');
    expect(formatCount(undefined, 'time', 'times')).toBe('0 times');
  });
});

describe('formatFileSize', () => {
  it('scales bytes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('normaliseSession', () => {
  it.each([
    ['w', 'Winter'],
    ['Winter', 'Winter'],
    ['OCT', 'Winter'],
    ['nov', 'Winter'],
    ['s', 'Summer'],
    ['summer', 'Summer'],
    ['May', 'Summer'],
    ['june', 'Summer'],
    ['sp', 'Spring'],
    ['Spring', 'Spring'],
    ['a', 'Annual'],
    ['annual', 'Annual'],
    ['', 'Annual'],
    ['  ', 'Annual'],
    ['oct/nov', 'Oct/nov'],
    ['May/June', 'May/June'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseSession(input)).toBe(expected);
  });

  it('treats a missing session as Annual', () => {
    expect(normaliseSession(undefined)).toBe('Annual');
  });
});

describe('formatDate', () => {
  it('gives the UTC date when asked, whatever the local time zone (server and browser agree)', () => {
    expect(formatDate('2026-11-24T23:30:00Z', { utc: true })).toBe('Nov 24, 2026');
    expect(formatDate('2026-11-25T00:30:00Z', { utc: true })).toBe('Nov 25, 2026');
    expect(formatDate(null, { utc: true })).toBe('—');
  });
});
