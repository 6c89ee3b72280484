/**
 * An Edexcel mark scheme's or examiner report's date is its publication date (a mark scheme dated 2024-01-11 can
 * belong to an October/November 2023 paper). Its series comes from the question paper of the same unit, paper and
 * tier: the one sat most recently before the publication date.
 */
import { sessionAttention, type DocumentFileResult, type RecognisedEdexcelFile } from './document-file-name';

/**
 * Pearson publishes mark schemes and reports within weeks of results (about two to three months after the exam). A
 * question paper sat longer ago than this before the publication date is not taken as the match: the file is
 * flagged instead of being attached to an older series whose own question paper happens to be in the batch.
 */
export const MAX_PUBLICATION_DELAY_DAYS = 183;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Gives every Edexcel mark scheme and examiner report of the batch the year and session of its question paper in the
 * same batch (same `seriesKey`, latest exam date on or before the publication date, within
 * MAX_PUBLICATION_DELAY_DAYS); a file without one keeps its `series` attention for the admin. A January question
 * paper passes on its "choose the session" attention. Returns a new array in the same order; other results are
 * returned as they are.
 */
export function assignEdexcelSeries(files: readonly DocumentFileResult[]): DocumentFileResult[] {
  const papersByKey = new Map<string, RecognisedEdexcelFile[]>();
  for (const f of files) {
    if (isEdexcel(f) && f.edexcel.dateMeaning === 'exam') {
      const list = papersByKey.get(f.edexcel.seriesKey) ?? [];
      list.push(f);
      papersByKey.set(f.edexcel.seriesKey, list);
    }
  }
  return files.map((f) => {
    if (!isEdexcel(f) || f.edexcel.dateMeaning !== 'publication') return f;
    const published = Date.parse(f.edexcel.date);
    let match: RecognisedEdexcelFile | null = null;
    for (const qp of papersByKey.get(f.edexcel.seriesKey) ?? []) {
      const sat = Date.parse(qp.edexcel.date);
      if (sat > published || published - sat > MAX_PUBLICATION_DELAY_DAYS * DAY_MS) continue;
      if (!match || sat > Date.parse(match.edexcel.date)) match = qp;
    }
    const others = f.attention.filter((a) => a.field !== 'series' && a.field !== 'session');
    if (!match) {
      return {
        ...f,
        year: null,
        session: null,
        sessionNeedsAssignment: true,
        attention: [
          ...others,
          {
            field: 'series',
            message: `No question paper of ${f.edexcel.unit} paper ${f.edexcel.paper} sat in the ${MAX_PUBLICATION_DELAY_DAYS} days before this file's publication date (${f.edexcel.date}) is in this import: choose its year and session.`,
          },
        ],
        edexcel: { ...f.edexcel, series: null, matchedQuestionPaper: null },
      };
    }
    const series = match.edexcel.series;
    return {
      ...f,
      year: match.year,
      session: match.session,
      sessionNeedsAssignment: match.session === null,
      attention: match.session === null ? [...others, sessionAttention(series, match.edexcel.date)] : others,
      edexcel: { ...f.edexcel, series, matchedQuestionPaper: match.fileName },
    };
  });
}

function isEdexcel(f: DocumentFileResult): f is RecognisedEdexcelFile {
  return f.kind === 'recognised' && f.board === 'edexcel';
}
