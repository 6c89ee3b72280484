import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Session } from '../common/domain-values';
import { paperKey, sessionDocuments, slugOfSession, type SessionDocument } from '../downloads/session-documents';
import { FileStorage } from '../storage/file-storage.service';
import { Subject } from '../subjects/subject.entity';
import type { CoverageCellView, CoverageSessionView, CoverageView } from './coverage.view';

const SESSION_ORDER: Record<string, number> = { 'Oct/Nov': 0, 'May/June': 1, 'Feb/March': 2 };

interface Row {
  year: number;
  session: Session;
  paperIds: Set<number>;
  sessionReport: boolean;
  cells: Map<string, Omit<CoverageCellView, 'key'>>;
  files: number;
  bytes: number;
}

/**
 * What a subject has, session by session and paper by paper: the grid the admin's Coverage page and the public
 * subject page both draw (one computation, so they never disagree), with each session's zip size.
 */
@Injectable()
export class CoverageService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async ofSubject(subjectId: number): Promise<CoverageView> {
    const subject = await this.db.getRepository(Subject).findOneBy({ id: subjectId });
    if (!subject) throw new NotFoundException('Subject not found');
    const documents = await sessionDocuments(this.db, subjectId);
    const paperIds: Array<{ id: number; year: number; session: Session }> = await this.db.query(
      'SELECT id, year, session FROM past_papers WHERE subject_id = $1',
      [subjectId],
    );
    return buildCoverage(
      { id: subject.id, name: subject.name, code: subject.code, level: subject.level },
      documents,
      paperIds,
    );
  }
}

/** Pure: the grid from the subject's documents (see sessionDocuments). */
export function buildCoverage(
  subject: CoverageView['subject'],
  documents: readonly SessionDocument[],
  papers: ReadonlyArray<{ id: number; year: number; session: Session }>,
): CoverageView {
  const rows = new Map<string, Row>();
  const columns = new Map<string, { name: string; order: number }>();
  const rowOf = (year: number, session: Session): Row => {
    const key = `${year}|${session}`;
    let row = rows.get(key);
    if (!row) {
      row = { year, session, paperIds: new Set(), sessionReport: false, cells: new Map(), files: 0, bytes: 0 };
      rows.set(key, row);
    }
    return row;
  };
  for (const p of papers) rowOf(p.year, p.session).paperIds.add(p.id);
  for (const d of documents) {
    const row = rowOf(d.year, d.session);
    if (FileStorage.isStoredPath(d.path)) {
      row.files++;
      row.bytes += d.size;
    }
    const key = paperKey(d.label);
    if (key === '') {
      if (d.document === 'examiner-report') row.sessionReport = true;
      continue;
    }
    if (!columns.has(key)) {
      const version = Number(/^\d+/.exec(key)?.[0] ?? Number.MAX_SAFE_INTEGER);
      columns.set(key, { name: `Paper ${key.toUpperCase()}`, order: version });
    }
    const cell = row.cells.get(key) ?? {
      variant_id: null,
      question_paper: false,
      mark_scheme: false,
      examiner_report: false,
    };
    if (d.document === 'question-paper') {
      cell.question_paper = true;
      cell.variant_id = d.id;
    } else if (d.document === 'mark-scheme') cell.mark_scheme = true;
    else cell.examiner_report = true;
    row.cells.set(key, cell);
  }
  const orderedColumns = [...columns.entries()]
    .sort(([a, x], [b, y]) => x.order - y.order || a.localeCompare(b))
    .map(([key, c]) => ({ key, name: c.name }));
  const sessions: CoverageSessionView[] = [...rows.values()]
    .sort((a, b) => b.year - a.year || (SESSION_ORDER[a.session] ?? 9) - (SESSION_ORDER[b.session] ?? 9))
    .map((row) => ({
      year: row.year,
      session: row.session,
      session_slug: slugOfSession(row.session),
      past_paper_ids: [...row.paperIds].sort((a, b) => a - b),
      session_examiner_report: row.sessionReport,
      cells: orderedColumns.map(({ key }) => {
        const cell = row.cells.get(key) ?? {
          variant_id: null,
          question_paper: false,
          mark_scheme: false,
          examiner_report: false,
        };
        return { key, ...cell, examiner_report: cell.examiner_report || (row.sessionReport && cell.question_paper) };
      }),
      files: row.files,
      bytes: row.bytes,
      zip_url: `/download/sessions/${encodeURIComponent(subject.code)}/${row.year}/${slugOfSession(row.session)}.zip`,
    }));
  const missing = sessions.reduce((n, s) => n + s.cells.filter((c) => c.question_paper && !c.mark_scheme).length, 0);
  return { subject, columns: orderedColumns, sessions, missing_mark_schemes: missing };
}
