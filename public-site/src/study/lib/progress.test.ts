import {
  countdown,
  emptyProgress,
  gradeFor,
  gradeText,
  isEmpty,
  LIMITS,
  mergeProgress,
  scoreOf,
  withBookmark,
  withExamEnded,
  withExamStarted,
  withNote,
  withQuestion,
  withStatus,
  withTotal,
  type GradeThresholds,
  type PaperProgress,
} from './progress';
import { exportProgress, parseProgressFile } from './progress-file';

const ref = {
  paperId: 7,
  variantId: 12,
  title: 'Physics (9702) Paper 12 · May/June 2023',
  subjectCode: '9702',
  subjectName: 'Physics',
};
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const record = (change: (p: PaperProgress) => PaperProgress = (p) => p, at = T0) => change(emptyProgress(ref, at));

describe('progress records', () => {
  it('keys a record by variant, or by paper when there is no variant', () => {
    expect(record().key).toBe('v12');
    expect(emptyProgress({ ...ref, variantId: null }, T0).key).toBe('p7');
  });

  it('changes status, bookmark, note and questions, stamping the time', () => {
    const p = withQuestion(
      withNote(withBookmark(withStatus(record(), 'done', T0 + 1), true, T0 + 2), 'x'.repeat(5000), T0 + 3),
      '3a',
      { done: true, marks: 4.26 },
      T0 + 4,
    );
    expect(p.status).toBe('done');
    expect(p.bookmarked).toBe(true);
    expect(p.note).toHaveLength(LIMITS.noteLength);
    expect(p.questions['3a']).toEqual({ done: true, bookmarked: false, marks: 4.5 });
    expect(p.updatedAt).toBe(T0 + 4);
    expect(isEmpty(p)).toBe(false);
    expect(isEmpty(record())).toBe(true);
  });

  it('ignores question numbers that are not printed numbers, and bounds marks', () => {
    expect(withQuestion(record(), '__proto__', { done: true }, T0).questions).toEqual({});
    expect(withQuestion(record(), '1', { marks: 99999 }, T0).questions['1']?.marks).toBe(LIMITS.maxMarks);
    expect(withQuestion(record(), '1', { marks: -3 }, T0).questions['1']?.marks).toBe(0);
  });

  it('sums marks per question, or takes the one total', () => {
    let p = withQuestion(withQuestion(record(), '1', { marks: 30 }, T0), '2', { marks: 22 }, T0);
    expect(scoreOf(p, 80)).toEqual({ scored: 52, max: 80 });
    expect(p.status).toBe('in-progress');
    p = withTotal(record(), 41, 60, T0);
    expect(scoreOf(p)).toEqual({ scored: 41, max: 60 });
    expect(p.status).toBe('in-progress');
    expect(withTotal(withStatus(record(), 'done', T0), 41, 60, T0).status).toBe('done');
    expect(withQuestion(record(), '1', { bookmarked: true }, T0).status).toBe('not-started');
    expect(scoreOf(record())).toBeNull();
  });
});

describe('exam countdown (fake clock)', () => {
  const started = withExamStarted(record(), 2, T0);

  it('runs for the duration and marks the paper in progress', () => {
    expect(started.status).toBe('in-progress');
    expect(started.exam).toEqual({ startedAt: T0, endsAt: T0 + 120_000, endedAt: null });
    expect(countdown(started.exam, T0)).toMatchObject({ running: true, label: '02:00', warning: 'five-minutes' });
    expect(countdown(started.exam, T0 + 61_500).label).toBe('00:59');
    expect(countdown(started.exam, T0 + 120_000)).toMatchObject({ running: false, label: '00:00' });
  });

  it('warns from 10 minutes and from 5 minutes left, shows hours when long', () => {
    const long = withExamStarted(record(), 75, T0).exam;
    expect(countdown(long, T0)).toMatchObject({ label: '1:15:00', warning: null });
    expect(countdown(long, T0 + 65 * 60_000 - 1)).toMatchObject({ warning: null });
    expect(countdown(long, T0 + 65 * 60_000)).toMatchObject({ label: '10:00', warning: 'ten-minutes' });
    expect(countdown(long, T0 + 70 * 60_000)).toMatchObject({ label: '05:00', warning: 'five-minutes' });
  });

  it('stops when the student ends, and bounds the duration', () => {
    const ended = withExamEnded(started, T0 + 30_000);
    expect(ended.exam?.endedAt).toBe(T0 + 30_000);
    expect(countdown(ended.exam, T0 + 31_000).running).toBe(false);
    expect(withExamStarted(record(), 100000, T0).exam?.endsAt).toBe(T0 + LIMITS.examMinutes * 60_000);
  });
});

describe('grades', () => {
  const thresholds: GradeThresholds = {
    year: 2023,
    session: 'May/June',
    component: '12',
    max_marks: 80,
    boundaries: [
      { grade: 'A*', min_marks: 70 },
      { grade: 'A', min_marks: 58 },
      { grade: 'B', min_marks: 49 },
      { grade: 'C', min_marks: 40 },
    ],
  };
  it('finds the grade and the next one up', () => {
    expect(gradeFor(52, thresholds)).toEqual({ grade: 'B', next: { grade: 'A', min_marks: 58 } });
    expect(gradeFor(75, thresholds)).toEqual({ grade: 'A*', next: null });
    expect(gradeFor(10, thresholds).grade).toBeNull();
    expect(gradeText(52, thresholds, 'May/June 2023')).toBe('B in May/June 2023: 52/80; A from 58');
    expect(gradeText(80, thresholds, 'May/June 2023')).toBe('A* in May/June 2023: 80/80');
    expect(gradeText(3, thresholds, 'May/June 2023')).toBe('Below C in May/June 2023: 3/80; C from 40');
  });
});

describe('merge, export and import', () => {
  const a = record((p) => withStatus(p, 'done', T0 + 10));
  const b = emptyProgress({ ...ref, variantId: 13 }, T0);
  const bBookmarked = withBookmark(b, true, T0 + 5);

  it('adds unknown keys, takes newer records, and changes nothing when merged twice', () => {
    const local = new Map([[a.key, a]]);
    const first = mergeProgress(local, [bBookmarked, withStatus(a, 'in-progress', T0 + 1)]);
    expect(first).toMatchObject({ added: 1, updated: 0, unchanged: 1 });
    for (const r of first.changed) local.set(r.key, r);
    const second = mergeProgress(local, [bBookmarked, withStatus(a, 'in-progress', T0 + 1)]);
    expect(second).toMatchObject({ changed: [], added: 0, updated: 0, unchanged: 2 });
    const newer = mergeProgress(local, [withStatus(a, 'not-started', T0 + 99)]);
    expect(newer.updated).toBe(1);
  });

  it('counts a key once when a file repeats it', () => {
    const result = mergeProgress(new Map(), [b, bBookmarked, b]);
    expect(result.added).toBe(1);
    expect(result.changed[0]?.bookmarked).toBe(true);
  });

  it('round-trips an export', () => {
    const file = JSON.stringify(
      exportProgress([bBookmarked, withQuestion(a, '2', { bookmarked: true, marks: 3 }, T0 + 20)], T0),
    );
    const parsed = parseProgressFile(file);
    expect(parsed.ok && parsed.papers.map((p) => p.key)).toEqual(['v12', 'v13']);
    expect(parsed.ok && parsed.papers[0]?.questions['2']).toEqual({ done: false, bookmarked: true, marks: 3 });
  });

  it.each([
    ['not JSON', '{', 'not JSON'],
    ['another format', JSON.stringify({ format: 'x', version: 1, exportedAt: '', papers: [] }), 'not a progress file'],
    ['a newer version', JSON.stringify({ ...exportProgress([], T0), version: 9 }), 'version (9)'],
    ['an extra field', JSON.stringify({ ...exportProgress([], T0), evil: true }), 'not a progress file'],
    [
      'too many papers',
      JSON.stringify({ ...exportProgress([], T0), papers: new Array(LIMITS.papers + 1).fill(0) }),
      'more than 5000',
    ],
    ['too large', ' '.repeat(LIMITS.importBytes + 1), 'too large'],
  ])('refuses %s with a clear message', (_, content, message) => {
    const parsed = parseProgressFile(content);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain(message);
  });

  it.each<[string, (p: Record<string, unknown>) => Record<string, unknown>]>([
    ['a key that is not its paper', (p) => ({ ...p, key: 'v99' })],
    ['a long note', (p) => ({ ...p, note: 'x'.repeat(LIMITS.noteLength + 1) })],
    ['control characters', (p) => ({ ...p, title: 'a\u0000b' })],
    [
      'a prototype key',
      (p) => ({ ...p, questions: JSON.parse('{"__proto__":{"done":true,"bookmarked":false,"marks":null}}') }),
    ],
    ['negative marks', (p) => ({ ...p, totalMarks: -1 })],
    ['an unknown status', (p) => ({ ...p, status: 'hacked' })],
    ['a script in a field', (p) => ({ ...p, paperId: '<script>' })],
    ['an endless exam', (p) => ({ ...p, exam: { startedAt: 0, endsAt: 1e12, endedAt: null } })],
  ])('refuses an entry with %s, importing nothing', (_, spoil) => {
    const file = exportProgress([a], T0);
    const content = JSON.stringify({ ...file, papers: [b, spoil(a as unknown as Record<string, unknown>)] });
    const parsed = parseProgressFile(content);
    expect(parsed).toEqual({ ok: false, error: 'Entry 2 of this progress file is not valid; nothing was imported.' });
  });
});
