import { scoreOf, type PaperProgress, type Score } from '../../../study/lib/progress';

export interface SubjectGroup {
  subjectCode: string;
  subjectName: string;
  papers: Array<{ record: PaperProgress; score: Score | null }>;
}

export interface BookmarkedQuestion {
  record: PaperProgress;
  number: string;
}

export interface MyPapers {
  inProgress: SubjectGroup[];
  done: SubjectGroup[];
  bookmarked: SubjectGroup[];
  questions: BookmarkedQuestion[];
  total: number;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function group(records: readonly PaperProgress[]): SubjectGroup[] {
  const bySubject = new Map<string, SubjectGroup>();
  for (const record of records) {
    const key = record.subjectCode.toLowerCase() || record.subjectName.toLowerCase();
    let entry = bySubject.get(key);
    if (!entry) {
      entry = { subjectCode: record.subjectCode, subjectName: record.subjectName, papers: [] };
      bySubject.set(key, entry);
    }
    entry.papers.push({ record, score: scoreOf(record) });
  }
  const groups = [...bySubject.values()].sort((a, b) => collator.compare(a.subjectName, b.subjectName));
  // Within a subject, the paper changed last first.
  for (const g of groups)
    g.papers.sort(
      (a, b) => b.record.updatedAt - a.record.updatedAt || collator.compare(a.record.title, b.record.title),
    );
  return groups;
}

/** The device's records as the My papers page lists them: by state, each grouped by subject (A to Z). */
export function myPapers(records: readonly PaperProgress[]): MyPapers {
  return {
    inProgress: group(records.filter((r) => r.status === 'in-progress')),
    done: group(records.filter((r) => r.status === 'done')),
    bookmarked: group(records.filter((r) => r.bookmarked)),
    questions: records
      .flatMap((record) =>
        Object.entries(record.questions)
          .filter(([, q]) => q.bookmarked)
          .map(([number]) => ({ record, number })),
      )
      .sort((a, b) => collator.compare(a.record.title, b.record.title) || collator.compare(a.number, b.number)),
    total: records.length,
  };
}

/** The name of an export file: past-paper-library-progress-2026-11-26.json. */
export const exportFileName = (now: number) =>
  `past-paper-library-progress-${new Date(now).toISOString().slice(0, 10)}.json`;
