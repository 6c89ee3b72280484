import { z } from 'zod';
import { LIMITS, progressKey, type PaperProgress, type QuestionProgress } from './progress';

/**
 * The export file of study progress and its validation on import (its own module: zod loads with the My papers page
 * only, not with the subject page's badges).
 */

export const EXPORT_FORMAT = 'past-paper-library/study-progress';
export const EXPORT_VERSION = 1;

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  papers: PaperProgress[];
}

export function exportProgress(records: readonly PaperProgress[], now: number): ExportFile {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(now).toISOString(),
    papers: [...records].sort((a, b) => a.key.localeCompare(b.key)),
  };
}

const id = z.number().int().min(1).max(2_147_483_647);
const epoch = z.number().int().min(0).max(8_640_000_000_000_000);
const marks = z.number().min(0).max(LIMITS.maxMarks).multipleOf(0.5);
const text = (max: number) => z.string().max(max);
// Hostile text: no control characters but tab and new lines (the note is shown as text, never as HTML).
const hasControlCharacters = (value: string) =>
  [...value].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 0x20 && c !== '\t' && c !== '\n' && c !== '\r') || code === 0x7f;
  });
const safeText = (max: number) => text(max).refine((value) => !hasControlCharacters(value), 'control characters');

const questionSchema = z.strictObject({ done: z.boolean(), bookmarked: z.boolean(), marks: marks.nullable() });
const examSchema = z
  .strictObject({ startedAt: epoch, endsAt: epoch, endedAt: epoch.nullable() })
  .refine((e) => e.endsAt > e.startedAt && e.endsAt - e.startedAt <= LIMITS.examMinutes * 60_000, 'exam length');
const paperSchema = z
  .strictObject({
    key: z.string().regex(/^[vp][1-9][0-9]{0,9}$/),
    paperId: id,
    variantId: id.nullable(),
    title: safeText(LIMITS.titleLength),
    subjectCode: safeText(LIMITS.subjectCodeLength),
    subjectName: safeText(LIMITS.subjectNameLength),
    status: z.enum(['not-started', 'in-progress', 'done']),
    bookmarked: z.boolean(),
    note: safeText(LIMITS.noteLength),
    questions: z
      .record(z.string().regex(/^[0-9A-Za-z().-]{1,12}$/), questionSchema)
      .refine((q) => Object.keys(q).length <= LIMITS.questionsPerPaper, 'too many questions'),
    totalMarks: marks.nullable(),
    maxMarks: marks.nullable(),
    exam: examSchema.nullable(),
    updatedAt: epoch,
  })
  .refine((p) => p.key === progressKey(p.paperId, p.variantId), 'key does not match the paper');
const fileSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.number(),
  exportedAt: z.string().max(40),
  papers: z.array(z.unknown()).max(LIMITS.papers),
});

const QUESTION_NUMBER = /^[0-9A-Za-z().-]{1,12}$/;
/** Every own key of an entry's questions, "__proto__" included (a schema's record may pass over it silently). */
const ownKeysAreQuestionNumbers = (entry: unknown): boolean => {
  const questions = (entry as { questions?: unknown }).questions;
  return (
    typeof questions === 'object' && questions !== null && Object.keys(questions).every((k) => QUESTION_NUMBER.test(k))
  );
};

export type ImportResult = { ok: true; papers: PaperProgress[] } | { ok: false; error: string };

/**
 * Reads an exported file. Anything but this site's export of a known version, within the bounds above, is refused
 * with a sentence the page shows; nothing of a refused file is kept.
 */
export function parseProgressFile(content: string): ImportResult {
  if (content.length > LIMITS.importBytes) {
    return {
      ok: false,
      error: `This file is too large (over ${LIMITS.importBytes / 1024 / 1024} MB) to be a progress file.`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, error: 'This file is not a progress file exported from this site (it is not JSON).' };
  }
  const file = fileSchema.safeParse(json);
  if (!file.success) {
    const tooMany = file.error.issues.some((i) => i.path[0] === 'papers' && i.code === 'too_big');
    return {
      ok: false,
      error: tooMany
        ? `This file lists more than ${LIMITS.papers} papers; it cannot be imported.`
        : 'This file is not a progress file exported from this site.',
    };
  }
  if (file.data.version !== EXPORT_VERSION) {
    return {
      ok: false,
      error: `This progress file's version (${String(file.data.version)}) is not one this site reads.`,
    };
  }
  const papers: PaperProgress[] = [];
  for (const [index, entry] of file.data.papers.entries()) {
    const parsed = paperSchema.safeParse(entry);
    if (!parsed.success || !ownKeysAreQuestionNumbers(entry)) {
      return { ok: false, error: `Entry ${index + 1} of this progress file is not valid; nothing was imported.` };
    }
    // Copied field by field (question numbers are letters, digits and ".()-": never "__proto__").
    const questions: Record<string, QuestionProgress> = {};
    for (const [number, q] of Object.entries(parsed.data.questions)) questions[number] = { ...q };
    papers.push({ ...parsed.data, questions, exam: parsed.data.exam ? { ...parsed.data.exam } : null });
  }
  return { ok: true, papers };
}
