import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { VariantDocumentType } from '../common/domain-values';
import { FileStorage } from '../storage/file-storage.service';
import type { DownloadTarget } from './download-target';
import { friendlyName } from './friendly-filename';

/** Column prefixes of the three documents a variant holds (whitelisted: they are spliced into SQL). */
const VARIANT_COLUMN: Record<VariantDocumentType, string> = {
  document: 'document',
  mark_scheme: 'mark_scheme',
  examiner_report: 'examiner_report',
};
const SUFFIX: Record<VariantDocumentType, string | null> = {
  document: null,
  mark_scheme: 'mark-scheme',
  examiner_report: 'examiner-report',
};
const MISSING: Record<VariantDocumentType, string> = {
  document: 'No document uploaded',
  mark_scheme: 'No mark scheme uploaded',
  examiner_report: 'No examiner report uploaded',
};

interface VariantRow {
  id: number;
  name: string;
  path: string | null;
  subject: string;
  code: string;
  year: number;
  session: string;
}

/** Resolves every documented download link form to a stored file, its friendly name and its counter. */
@Injectable()
export class DownloadLinksService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** ?download_variant_id={id}&variant_document_type=document|mark_scheme|examiner_report */
  async variantDocument(variantId: number, type: VariantDocumentType): Promise<DownloadTarget> {
    const col = VARIANT_COLUMN[type];
    const rows: VariantRow[] = await this.db.query(
      `SELECT v.id, v.name, v.${col}_path AS path, s.name AS subject, s.code, p.year, p.session
         FROM variants v JOIN past_papers p ON p.id = v.past_paper_id JOIN subjects s ON s.id = p.subject_id
        WHERE v.id = $1`,
      [variantId],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException('Variant not found');
    return this.variantTarget(row, type);
  }

  /** ?download_id={paperId}&document_type=... and /download/papers/{id}: the paper's first variant with that document. */
  async paperDocument(paperId: number, type: VariantDocumentType): Promise<DownloadTarget> {
    const col = VARIANT_COLUMN[type];
    const rows: Array<VariantRow & { paper_id: number }> = await this.db.query(
      `SELECT p.id AS paper_id, v.id, v.name, v.${col}_path AS path, s.name AS subject, s.code, p.year, p.session
         FROM past_papers p JOIN subjects s ON s.id = p.subject_id
         LEFT JOIN LATERAL (
           SELECT id, name, ${col}_path FROM variants
            WHERE past_paper_id = p.id AND ${col}_path IS NOT NULL ORDER BY version, id LIMIT 1
         ) v ON true
        WHERE p.id = $1`,
      [paperId],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException('Past paper not found');
    return this.variantTarget(row, type);
  }

  /** ?download_id= of mark_schemes.php and /download/mark-schemes/{id}. */
  async markScheme(id: number): Promise<DownloadTarget> {
    const rows: Array<{
      subject: string;
      code: string;
      year: number;
      session: string;
      paper_number: string;
      file_path: string;
    }> = await this.db.query(
      'SELECT subject, code, year, session, paper_number, file_path FROM mark_schemes WHERE id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException('Mark scheme not found');
    return {
      path: row.file_path,
      filename: friendlyName(
        [row.subject, row.code, row.year, row.session, `paper ${row.paper_number}`, 'mark-scheme'],
        row.file_path,
      ),
      counter: { table: 'mark_schemes', id },
    };
  }

  /** ?download_id= of examiner_reports.php and /download/examiner-reports/{id}. */
  async examinerReport(id: number): Promise<DownloadTarget> {
    const rows: Array<{
      subject: string;
      code: string;
      year: number;
      session: string;
      paper_number: string;
      file_path: string;
    }> = await this.db.query(
      `SELECT s.name AS subject, s.code, p.year, p.session, r.paper_number, r.file_path
           FROM examiner_reports r JOIN past_papers p ON p.id = r.past_paper_id JOIN subjects s ON s.id = p.subject_id
          WHERE r.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException('Examiner report not found');
    return {
      path: row.file_path,
      filename: friendlyName(
        [row.subject, row.code, row.year, row.session, `paper ${row.paper_number}`, 'examiner-report'],
        row.file_path,
      ),
      counter: { table: 'examiner_reports', id },
    };
  }

  /**
   * /files/{stored path}: the file's own URL. Only paths this service generated are accepted (400 otherwise), and
   * only files a record still points to are served (404 otherwise), so nothing else under UPLOAD_DIR, let alone
   * outside it, can be reached.
   */
  async storedFile(path: string): Promise<DownloadTarget> {
    if (!FileStorage.isStoredPath(path)) throw new BadRequestException('Invalid file path');
    const rows: Array<{
      kind: 'variant' | 'mark_scheme' | 'examiner_report';
      id: number;
      type: VariantDocumentType | null;
    }> = await this.db.query(
      `SELECT 'variant' AS kind, id, 'document' AS type FROM variants WHERE document_path = $1
         UNION ALL SELECT 'variant', id, 'mark_scheme' FROM variants WHERE mark_scheme_path = $1
         UNION ALL SELECT 'variant', id, 'examiner_report' FROM variants WHERE examiner_report_path = $1
         UNION ALL SELECT 'mark_scheme', id, NULL FROM mark_schemes WHERE file_path = $1
         UNION ALL SELECT 'examiner_report', id, NULL FROM examiner_reports WHERE file_path = $1
         LIMIT 1`,
      [path],
    );
    const row = rows[0];
    if (!row) throw new NotFoundException('File not found');
    if (row.kind === 'mark_scheme') return this.markScheme(row.id);
    if (row.kind === 'examiner_report') return this.examinerReport(row.id);
    return this.variantDocument(row.id, row.type ?? 'document');
  }

  private variantTarget(row: VariantRow, type: VariantDocumentType): DownloadTarget {
    if (!row.path || !row.id) throw new NotFoundException(MISSING[type]);
    return {
      path: row.path,
      filename: friendlyName([row.subject, row.code, row.year, row.session, row.name, SUFFIX[type]], row.path),
      counter: { table: 'variants', id: row.id, document: type },
    };
  }
}
