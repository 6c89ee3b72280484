import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { TEXT_BOUNDS } from '../document-reader/pdf-text-extractor';
import { STORED_FILES_BY_HASH_SQL, STORED_FILES_OF_PAPER_SQL } from './stored-file.queries';
import type { StoredDocument, StoredFileReadingView, StoredFileView } from './stored-file.view';

/** Where a file with a given SHA-256 is already stored. */
export interface StoredCopy {
  source: 'variant' | 'mark_scheme' | 'examiner_report';
  recordId: number;
  document: StoredDocument;
  pastPaperId: number | null;
  /** For the admin: "Physics (9702) May/June 2023 Paper 12 mark scheme". */
  description: string;
}

const DOCUMENT_WORDS: Record<StoredDocument, string> = {
  'question-paper': 'question paper',
  'mark-scheme': 'mark scheme',
  'examiner-report': 'examiner report',
};

interface ReadingRow {
  reading_status: StoredFileReadingView['status'] | null;
  reading_attempts: number | null;
  reading_error: string | null;
  pages_read: number | null;
  pages_in_file: number | null;
  text_capped: StoredFileReadingView['capped'];
}

const count = (n: number) => n.toLocaleString('en-US');

/** What the admins see of a file's reading: its state, and in words why it failed or how it was capped. */
function readingOf(row: ReadingRow): StoredFileReadingView | null {
  if (!row.reading_status) return null;
  let note: string | null = null;
  if (row.reading_status === 'failed' || row.reading_status === 'skipped') note = row.reading_error;
  else if (row.reading_status === 'done' && row.text_capped) {
    const read = `${count(row.pages_read ?? 0)} of ${count(row.pages_in_file ?? 0)} pages read`;
    note =
      row.text_capped === 'pages'
        ? `Text capped at ${count(TEXT_BOUNDS.maxPages)} pages: ${read}`
        : `Text capped at ${count(TEXT_BOUNDS.maxDocumentChars)} characters: ${read}`;
  } else if (row.reading_error) note = `Last attempt: ${row.reading_error}`;
  return {
    status: row.reading_status,
    attempts: row.reading_attempts ?? 0,
    pages_read: row.pages_read,
    pages_in_file: row.pages_in_file,
    capped: row.text_capped,
    note,
  };
}

/** The library's stored files seen by content: lookups by SHA-256 and each paper's files with their provenance. */
@Injectable()
export class StoredFilesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every stored copy of each of `hashes` (hex SHA-256). */
  async copiesOf(
    hashes: readonly string[],
    db: DataSource | EntityManager = this.db,
  ): Promise<Map<string, StoredCopy[]>> {
    const copies = new Map<string, StoredCopy[]>();
    if (hashes.length === 0) return copies;
    const rows: Array<{
      sha256: string;
      source: StoredCopy['source'];
      record_id: number;
      document: StoredDocument;
      label: string;
      past_paper_id: number | null;
      subject: string | null;
      code: string | null;
      year: number | null;
      session: string | null;
    }> = await db.query(STORED_FILES_BY_HASH_SQL, [[...new Set(hashes)]]);
    for (const row of rows) {
      const paper = row.label && /^\d/.test(row.label) ? `Paper ${row.label}` : row.label;
      const description = [
        row.subject && row.code ? `${row.subject} (${row.code})` : row.code,
        row.session,
        row.year,
        paper,
        DOCUMENT_WORDS[row.document],
      ]
        .filter((part) => part !== null && part !== undefined && String(part) !== '')
        .join(' ');
      const list = copies.get(row.sha256) ?? [];
      list.push({
        source: row.source,
        recordId: row.record_id,
        document: row.document,
        pastPaperId: row.past_paper_id,
        description,
      });
      copies.set(row.sha256, list);
    }
    return copies;
  }

  /** The files of one past paper (its variants' slots and the documents added on their own that belong to it). */
  async ofPaper(pastPaperId: number): Promise<StoredFileView[]> {
    const [paper]: unknown[] = await this.db.query('SELECT 1 FROM past_papers WHERE id = $1', [pastPaperId]);
    if (!paper) throw new NotFoundException('Past paper not found');
    const rows: Array<Omit<StoredFileView, 'reading'> & ReadingRow & { path: string }> = await this.db.query(
      STORED_FILES_OF_PAPER_SQL,
      [pastPaperId],
    );
    return rows.map(
      ({
        path: _path,
        reading_status,
        reading_attempts,
        reading_error,
        pages_read,
        pages_in_file,
        text_capped,
        ...row
      }) => ({
        ...row,
        size: row.size === null ? null : Number(row.size),
        reading: readingOf({ reading_status, reading_attempts, reading_error, pages_read, pages_in_file, text_capped }),
      }),
    );
  }
}
