/**
 * A student's study progress, kept on the device only (IndexedDB, see progress-store.ts): one record per paper
 * variant (or per paper, for a paper without variants). Everything here is pure: the store and the screens call
 * these functions to change a record, merge an imported file and read a score.
 */

export type PaperStatus = 'not-started' | 'in-progress' | 'done';
export const PAPER_STATUSES: readonly PaperStatus[] = ['not-started', 'in-progress', 'done'];

/** Bounds of what a record holds (an imported file is held to the same). */
export const LIMITS = {
  titleLength: 200,
  subjectNameLength: 120,
  subjectCodeLength: 40,
  noteLength: 2000,
  questionsPerPaper: 200,
  questionNumberLength: 12,
  maxMarks: 1000,
  examMinutes: 600,
  papers: 5000,
  importBytes: 5 * 1024 * 1024,
} as const;

export interface QuestionProgress {
  done: boolean;
  bookmarked: boolean;
  /** Marks the student gave themselves (null: not marked yet). */
  marks: number | null;
}

export interface ExamSession {
  startedAt: number;
  /** When the countdown reaches zero (epoch ms): what makes the exam survive a reload. */
  endsAt: number;
  /** When the student ended early (epoch ms), or null. */
  endedAt: number | null;
}

export interface PaperProgress {
  /** `v{variantId}`, or `p{paperId}` for a paper without variants. */
  key: string;
  paperId: number;
  variantId: number | null;
  title: string;
  subjectCode: string;
  subjectName: string;
  status: PaperStatus;
  bookmarked: boolean;
  note: string;
  /** Per question, by the question's printed number ("1", "2", "3a"). */
  questions: Record<string, QuestionProgress>;
  /** One self-marked total, for a paper whose questions are not known. */
  totalMarks: number | null;
  /** What the score is out of (the paper's total, or the component maximum of its grade thresholds). */
  maxMarks: number | null;
  exam: ExamSession | null;
  /** Epoch ms of the last change: the later record wins a merge. */
  updatedAt: number;
}

export interface PaperRef {
  paperId: number;
  variantId: number | null;
  title: string;
  subjectCode: string;
  subjectName: string;
}

export const progressKey = (paperId: number, variantId: number | null): string =>
  variantId !== null ? `v${variantId}` : `p${paperId}`;

const clip = (text: string, max: number) => text.trim().slice(0, max);

export function emptyProgress(ref: PaperRef, now: number): PaperProgress {
  return {
    key: progressKey(ref.paperId, ref.variantId),
    paperId: ref.paperId,
    variantId: ref.variantId,
    title: clip(ref.title, LIMITS.titleLength),
    subjectCode: clip(ref.subjectCode, LIMITS.subjectCodeLength),
    subjectName: clip(ref.subjectName, LIMITS.subjectNameLength),
    status: 'not-started',
    bookmarked: false,
    note: '',
    questions: {},
    totalMarks: null,
    maxMarks: null,
    exam: null,
    updatedAt: now,
  };
}

/** A record with nothing worth keeping (it is deleted rather than stored). */
export const isEmpty = (p: PaperProgress): boolean =>
  p.status === 'not-started' &&
  !p.bookmarked &&
  p.note === '' &&
  p.totalMarks === null &&
  p.exam === null &&
  Object.values(p.questions).every((q) => !q.done && !q.bookmarked && q.marks === null);

const marksValue = (marks: number | null): number | null => {
  if (marks === null || !Number.isFinite(marks)) return null;
  return Math.min(LIMITS.maxMarks, Math.max(0, Math.round(marks * 2) / 2));
};
const validQuestionNumber = (n: string) => /^[0-9A-Za-z().-]{1,12}$/.test(n);

export const withStatus = (p: PaperProgress, status: PaperStatus, now: number): PaperProgress => ({
  ...p,
  status,
  updatedAt: now,
});
export const withBookmark = (p: PaperProgress, bookmarked: boolean, now: number): PaperProgress => ({
  ...p,
  bookmarked,
  updatedAt: now,
});
export const withNote = (p: PaperProgress, note: string, now: number): PaperProgress => ({
  ...p,
  note: note.slice(0, LIMITS.noteLength),
  updatedAt: now,
});
/** Marks entered for a paper not started yet: it is being worked on (so it is listed on My papers). */
const started = (p: PaperProgress, marks: number | null | undefined): PaperProgress['status'] =>
  p.status === 'not-started' && marks !== null && marks !== undefined ? 'in-progress' : p.status;

export const withTotal = (
  p: PaperProgress,
  totalMarks: number | null,
  maxMarks: number | null,
  now: number,
): PaperProgress => ({
  ...p,
  status: started(p, totalMarks),
  totalMarks: marksValue(totalMarks),
  maxMarks: maxMarks === null ? p.maxMarks : marksValue(maxMarks),
  updatedAt: now,
});

export function withQuestion(
  p: PaperProgress,
  number: string,
  change: Partial<QuestionProgress>,
  now: number,
): PaperProgress {
  if (!validQuestionNumber(number)) return p;
  const current = p.questions[number] ?? { done: false, bookmarked: false, marks: null };
  if (!(number in p.questions) && Object.keys(p.questions).length >= LIMITS.questionsPerPaper) return p;
  const next: QuestionProgress = {
    done: change.done ?? current.done,
    bookmarked: change.bookmarked ?? current.bookmarked,
    marks: 'marks' in change ? marksValue(change.marks ?? null) : current.marks,
  };
  return { ...p, status: started(p, change.marks), questions: { ...p.questions, [number]: next }, updatedAt: now };
}

export function withExamStarted(p: PaperProgress, minutes: number, now: number): PaperProgress {
  const bounded = Math.min(LIMITS.examMinutes, Math.max(1, Math.round(minutes)));
  return {
    ...p,
    status: p.status === 'done' ? 'done' : 'in-progress',
    exam: { startedAt: now, endsAt: now + bounded * 60_000, endedAt: null },
    updatedAt: now,
  };
}

export const withExamEnded = (p: PaperProgress, now: number): PaperProgress =>
  p.exam && p.exam.endedAt === null
    ? { ...p, exam: { ...p.exam, endedAt: Math.min(now, p.exam.endsAt) }, updatedAt: now }
    : p;

// ---------------------------------------------------------------------------------------------------------------
// Exam countdown

export type ExamWarning = 'ten-minutes' | 'five-minutes' | null;
export interface Countdown {
  /** True while the exam runs (not ended, time left). */
  running: boolean;
  remainingMs: number;
  /** "1:04:09" or "09:59". */
  label: string;
  warning: ExamWarning;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The countdown at `now`: whole seconds rounded up (it reads 10:00 for the first second of a 10-minute exam). */
export function countdown(exam: ExamSession | null, now: number): Countdown {
  if (!exam || exam.endedAt !== null || now >= exam.endsAt) {
    return { running: false, remainingMs: 0, label: '00:00', warning: null };
  }
  const remainingMs = exam.endsAt - now;
  const total = Math.ceil(remainingMs / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const label = hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
  const warning: ExamWarning = total <= 5 * 60 ? 'five-minutes' : total <= 10 * 60 ? 'ten-minutes' : null;
  return { running: true, remainingMs, label, warning };
}

/** What the aria-live region announces when a warning starts (said once per warning). */
export const WARNING_TEXT: Record<Exclude<ExamWarning, null>, string> = {
  'ten-minutes': '10 minutes left',
  'five-minutes': '5 minutes left',
};

// ---------------------------------------------------------------------------------------------------------------
// Scores and grades

export interface Score {
  scored: number;
  max: number | null;
}

/**
 * The self-marked score: the sum of the questions' marks when any are marked, else the one total; out of the
 * questions' total (when known) or the stored maximum.
 */
export function scoreOf(p: PaperProgress, questionsTotal: number | null = null): Score | null {
  const marked = Object.values(p.questions).filter((q) => q.marks !== null);
  const max = questionsTotal ?? p.maxMarks;
  if (marked.length > 0) return { scored: marked.reduce((sum, q) => sum + (q.marks ?? 0), 0), max };
  if (p.totalMarks !== null) return { scored: p.totalMarks, max };
  return null;
}

export const formatMarks = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
export const scoreText = (s: Score) => `${formatMarks(s.scored)}${s.max !== null ? `/${formatMarks(s.max)}` : ''}`;

export interface GradeThresholds {
  year: number;
  session: string;
  component: string;
  max_marks: number;
  boundaries: ReadonlyArray<{ grade: string; min_marks: number }>;
}

export interface GradeEstimate {
  /** The grade reached, or null below the lowest boundary. */
  grade: string | null;
  /** The next grade up and the marks it needs, or null at the top grade. */
  next: { grade: string; min_marks: number } | null;
}

/** The grade a score earns against boundaries in strictly decreasing order (the best grade first). */
export function gradeFor(scored: number, thresholds: GradeThresholds): GradeEstimate {
  const boundaries = thresholds.boundaries;
  const index = boundaries.findIndex((b) => scored >= b.min_marks);
  if (index === -1) {
    const lowest = boundaries[boundaries.length - 1];
    return { grade: null, next: lowest ?? null };
  }
  return { grade: boundaries[index]!.grade, next: index > 0 ? boundaries[index - 1]! : null };
}

/** "B in May/June 2023: 52/80; A from 58". */
export function gradeText(scored: number, thresholds: GradeThresholds, seriesLabel: string): string {
  const estimate = gradeFor(scored, thresholds);
  const head = estimate.grade
    ? `${estimate.grade} in ${seriesLabel}`
    : `Below ${estimate.next?.grade ?? 'a grade'} in ${seriesLabel}`;
  const next = estimate.next ? `; ${estimate.next.grade} from ${formatMarks(estimate.next.min_marks)}` : '';
  return `${head}: ${formatMarks(scored)}/${formatMarks(thresholds.max_marks)}${next}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Merge, export and import

export interface MergeResult {
  /** The records to write (new or newer than the local ones). */
  changed: PaperProgress[];
  added: number;
  updated: number;
  unchanged: number;
}

/**
 * Merges imported records into the local ones by key: a key the device does not have is added; a key it has takes
 * the record changed last (a tie keeps the local one). Merging the same file twice changes nothing the second time.
 */
export function mergeProgress(
  local: ReadonlyMap<string, PaperProgress>,
  incoming: readonly PaperProgress[],
): MergeResult {
  const result: MergeResult = { changed: [], added: 0, updated: 0, unchanged: 0 };
  const seen = new Map<string, PaperProgress>();
  // Within one file a key counts once: the latest record of that key.
  for (const record of incoming) {
    const earlier = seen.get(record.key);
    if (!earlier || record.updatedAt > earlier.updatedAt) seen.set(record.key, record);
  }
  for (const record of seen.values()) {
    const mine = local.get(record.key);
    if (!mine) {
      result.changed.push(record);
      result.added += 1;
    } else if (record.updatedAt > mine.updatedAt) {
      result.changed.push(record);
      result.updated += 1;
    } else {
      result.unchanged += 1;
    }
  }
  return result;
}
