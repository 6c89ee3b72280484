import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DocumentKind } from './document.entity';
import type { DocumentView } from './document.view';

interface DocumentRow {
  id: number;
  kind: DocumentKind;
  variant_id: number | null;
  details_id: number | null;
  name: string;
  size: number | null;
  sha256: string | null;
  pages: number | null;
  downloads: number;
  views: number;
}

/**
 * A paper's documents: those it holds (its variants' files, the examiner reports and mark schemes linked to it) and
 * the mark schemes that name its sitting without linking a paper (subject code, year and session; the first paper
 * of that sitting takes them, as the past paper views do). Variants' files first, in version order.
 */
const PAPER_DOCUMENTS_SQL = `
  WITH paper AS (
    SELECT p.id, p.year, p.session, s.code,
           p.id = (SELECT min(o.id) FROM past_papers o WHERE o.subject_id = p.subject_id AND o.year = p.year
                    AND o.session = p.session) AS first_of_sitting
      FROM past_papers p JOIN subjects s ON s.id = p.subject_id WHERE p.id = $1)
  SELECT d.id, d.kind, d.variant_id, COALESCE(m.id, r.id) AS details_id,
         COALESCE(d.original_name, regexp_replace(d.storage_key, '^.*/', '')) AS name,
         d.size, d.sha256, COALESCE(d.pages, t.page_count) AS pages, d.downloads, d.views, v.version
    FROM paper
    JOIN documents d ON d.past_paper_id = paper.id
      OR (d.past_paper_id IS NULL AND paper.first_of_sitting AND EXISTS (
            SELECT 1 FROM mark_schemes n WHERE n.document_id = d.id AND n.past_paper_id IS NULL
               AND lower(n.code) = lower(paper.code) AND n.year = paper.year AND n.session = paper.session))
    LEFT JOIN variants v ON v.id = d.variant_id
    LEFT JOIN mark_schemes m ON m.document_id = d.id
    LEFT JOIN examiner_reports r ON r.document_id = d.id
    LEFT JOIN document_texts t ON t.document_id = d.id
   ORDER BY v.version NULLS LAST, d.variant_id NULLS LAST, d.kind DESC, d.id`;

export const documentDownloadUrl = (id: number): string => `/backend/api/documents/${id}`;

/** The public site's viewer of a paper's document (shared-ui's documentViewerPath). */
function viewerUrl(paperId: number, row: DocumentRow): string {
  const params = new URLSearchParams();
  if (row.variant_id !== null) params.set('variant', String(row.variant_id));
  if (row.kind !== 'question-paper') params.set('doc', row.kind);
  if (row.variant_id === null && row.details_id !== null) params.set('linked', String(row.details_id));
  const query = params.toString();
  return `/papers/${paperId}/view${query ? `?${query}` : ''}`;
}

@Injectable()
export class DocumentsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async ofPaper(paperId: number): Promise<DocumentView[]> {
    const rows: Array<DocumentRow & { version: number | null }> = await this.db.query(PAPER_DOCUMENTS_SQL, [paperId]);
    if (rows.length === 0) {
      const found: unknown[] = await this.db.query('SELECT 1 FROM past_papers WHERE id = $1', [paperId]);
      if (found.length === 0) throw new NotFoundException('Past paper not found');
    }
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      variant_id: row.variant_id,
      name: row.name,
      size: row.size,
      sha256: row.sha256,
      pages: row.pages,
      downloads: row.downloads,
      views: row.views,
      download_url: documentDownloadUrl(row.id),
      viewer_url: viewerUrl(paperId, row),
    }));
  }
}
