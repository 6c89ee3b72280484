import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { VariantDocumentType } from '../common/domain-values';
import { SLOT_KIND } from '../documents/document-files';
import type { DocumentKind } from '../documents/document.entity';
import { DOCUMENTS_WITH_RECORDS } from '../documents/document.queries';
import { FileStorage } from '../storage/file-storage.service';
import type { DownloadTarget } from './download-target';
import { friendlyName } from './friendly-filename';

const MISSING: Record<VariantDocumentType, string> = {
  document: 'No document uploaded',
  mark_scheme: 'No mark scheme uploaded',
  examiner_report: 'No examiner report uploaded',
};

/**
 * A document with what its friendly file name is made of: a variant's slot is named after its sitting and variant,
 * a mark scheme added on its own after the sitting it names, an examiner report after its paper's sitting.
 */
const documentTargetSql = (where: string) => `
  SELECT d.id, d.kind, d.storage_key AS path,
         COALESCE(s.name, m.subject) AS subject, COALESCE(s.code, m.code) AS code,
         COALESCE(p.year, m.year) AS year, COALESCE(p.session, m.session) AS session,
         COALESCE(v.name, 'paper ' || COALESCE(m.paper_number, r.paper_number)) AS label
    FROM ${DOCUMENTS_WITH_RECORDS}
   WHERE ${where}`;
const DOCUMENT_TARGET_SQL = documentTargetSql('d.id = $1');
/** A variant's document in one slot, found in the same statement as its file name. */
const VARIANT_DOCUMENT_TARGET_SQL = documentTargetSql('d.variant_id = $1 AND d.kind = $2');

type DocumentTargetRow = {
  id: number;
  kind: DocumentKind;
  path: string;
  subject: string;
  code: string;
  year: number;
  session: string;
  label: string | null;
};

/** A document's stored file and its friendly name (a question paper's carries no kind). */
function targetOf(row: DocumentTargetRow): DownloadTarget {
  const suffix = row.kind === 'question-paper' ? null : row.kind;
  return {
    documentId: row.id,
    path: row.path,
    filename: friendlyName([row.subject, row.code, row.year, row.session, row.label, suffix], row.path),
  };
}

/** The document of a mark scheme or examiner report row. */
const DOCUMENT_OF = {
  markScheme: 'SELECT document_id FROM mark_schemes WHERE id = $1',
  examinerReport: 'SELECT document_id FROM examiner_reports WHERE id = $1',
};

/** Resolves every documented download link form to a document: its stored file, friendly name and counters. */
@Injectable()
export class DownloadLinksService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** /documents/{id}: the one way to reach a file; every other form below resolves to it. */
  async document(id: number): Promise<DownloadTarget> {
    const rows: DocumentTargetRow[] = await this.db.query(DOCUMENT_TARGET_SQL, [id]);
    const row = rows[0];
    if (!row) throw new NotFoundException('Document not found');
    return targetOf(row);
  }

  /** ?download_variant_id={id}&variant_document_type=document|mark_scheme|examiner_report */
  async variantDocument(variantId: number, type: VariantDocumentType): Promise<DownloadTarget> {
    const rows: DocumentTargetRow[] = await this.db.query(VARIANT_DOCUMENT_TARGET_SQL, [variantId, SLOT_KIND[type]]);
    // Not found: which 404 (no such variant, or an empty slot) is told by a second look.
    return rows[0] ? targetOf(rows[0]) : this.document(await this.variantDocumentId(variantId, type));
  }

  /** The id of a variant's document in a slot: 404 for an unknown variant or an empty slot. */
  async variantDocumentId(variantId: number, type: VariantDocumentType): Promise<number> {
    const rows: Array<{ document_id: number | null }> = await this.db.query(
      `SELECT d.id AS document_id FROM variants v
         LEFT JOIN documents d ON d.variant_id = v.id AND d.kind = $2
        WHERE v.id = $1`,
      [variantId, SLOT_KIND[type]],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException('Variant not found');
    if (row.document_id === null) throw new NotFoundException(MISSING[type]);
    return row.document_id;
  }

  /** ?download_id={paperId}&document_type=... and /download/papers/{id}: the paper's first variant with that document. */
  async paperDocument(paperId: number, type: VariantDocumentType): Promise<DownloadTarget> {
    const rows: Array<{ document_id: number | null }> = await this.db.query(
      `SELECT d.id AS document_id FROM past_papers p
         LEFT JOIN LATERAL (
           SELECT d.id FROM variants v JOIN documents d ON d.variant_id = v.id AND d.kind = $2
            WHERE v.past_paper_id = p.id ORDER BY v.version, v.id LIMIT 1
         ) d ON true
        WHERE p.id = $1`,
      [paperId, SLOT_KIND[type]],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException('Past paper not found');
    if (row.document_id === null) throw new NotFoundException(MISSING[type]);
    return this.document(row.document_id);
  }

  /** ?download_id= of mark_schemes.php and /download/mark-schemes/{id}. */
  async markScheme(id: number): Promise<DownloadTarget> {
    return this.document(await this.markSchemeDocumentId(id));
  }

  /** ?download_id= of examiner_reports.php and /download/examiner-reports/{id}. */
  async examinerReport(id: number): Promise<DownloadTarget> {
    return this.document(await this.examinerReportDocumentId(id));
  }

  /** The id of a mark scheme's document: 404 for an unknown mark scheme. */
  markSchemeDocumentId(id: number): Promise<number> {
    return this.documentIdOf(DOCUMENT_OF.markScheme, id, 'Mark scheme not found');
  }

  /** The id of an examiner report's document: 404 for an unknown examiner report. */
  examinerReportDocumentId(id: number): Promise<number> {
    return this.documentIdOf(DOCUMENT_OF.examinerReport, id, 'Examiner report not found');
  }

  /**
   * /files/{stored path}: the file's own URL. Only paths this service generated are accepted (400 otherwise), and
   * only files a document still points to are served (404 otherwise), so nothing else under UPLOAD_DIR, let alone
   * outside it, can be reached.
   */
  async storedFile(path: string): Promise<DownloadTarget> {
    if (!FileStorage.isStoredPath(path)) throw new BadRequestException('Invalid file path');
    const rows: Array<{ id: number }> = await this.db.query(
      'SELECT id FROM documents WHERE storage_key = $1 ORDER BY id LIMIT 1',
      [path],
    );
    if (!rows[0]) throw new NotFoundException('File not found');
    return this.document(rows[0].id);
  }

  /** The document id of the record `sql` finds (by id), or 404 with `missing`. */
  private async documentIdOf(sql: string, id: number, missing: string): Promise<number> {
    const rows: Array<{ document_id: number }> = await this.db.query(sql, [id]);
    if (!rows[0]) throw new NotFoundException(missing);
    return rows[0].document_id;
  }
}
