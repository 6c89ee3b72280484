import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { levelsForCategory } from '../common/domain-values';
import {
  pastPaperListSql,
  pastPaperSummarySql,
  LINKED_DOCUMENTS_OF_PAPERS_SQL,
  VARIANTS_OF_PAPERS_SQL,
  type PaperSelection,
} from './past-paper.queries';
import type { LinkedDocumentView, PastPaperSummaryView, PastPaperView, VariantView } from './past-paper.view';

export interface PastPaperFilter {
  id?: number;
  category?: string;
  subjectId?: number;
  subjectCode?: string;
  /** Only this many papers, the most recently updated first. */
  recent?: number;
}

/**
 * Reading past papers (writes: PastPaperWriter). Two queries whatever the number of papers (no N+1), and the
 * database shapes the rows as the API names them: the public list stays quick at 10,000+ papers.
 */
@Injectable()
export class PastPapersService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** `db`: a transaction's manager, so a write can answer what it is about to commit. */
  async list(filter: PastPaperFilter = {}, db: DataSource | EntityManager = this.db): Promise<PastPaperView[]> {
    const selection = toSelection(filter);
    if (!selection) return [];
    const { sql, params } = pastPaperListSql(selection);
    const papers: Array<Omit<PastPaperView, 'variants'>> = await db.query(sql, params);
    if (papers.length === 0) return [];
    const ids = papers.map((p) => p.id);
    const variants: VariantView[] = await db.query(VARIANTS_OF_PAPERS_SQL, [ids]);
    const linked: Array<LinkedDocumentView & { past_paper_id: number }> = await db.query(
      LINKED_DOCUMENTS_OF_PAPERS_SQL,
      [ids],
    );
    const byPaper = new Map<number, VariantView[]>(papers.map((p) => [p.id, []]));
    for (const v of variants) byPaper.get(v.past_paper_id)?.push(v);
    const documentsOf = new Map<number, LinkedDocumentView[]>(papers.map((p) => [p.id, []]));
    for (const { past_paper_id, ...document } of linked) documentsOf.get(past_paper_id)?.push(document);
    return papers.map((p) => ({
      ...p,
      variants: byPaper.get(p.id) ?? [],
      linked_documents: documentsOf.get(p.id) ?? [],
    }));
  }

  /** The same papers in the compact shape (no variants). */
  async summaries(filter: PastPaperFilter = {}): Promise<PastPaperSummaryView[]> {
    const selection = toSelection(filter);
    if (!selection) return [];
    const { sql, params } = pastPaperSummarySql(selection);
    return this.db.query(sql, params);
  }

  async findById(id: number, db: DataSource | EntityManager = this.db): Promise<PastPaperView> {
    const [paper] = await this.list({ id }, db);
    if (!paper) throw new NotFoundException('Past paper not found');
    return paper;
  }
}

/** A filter as SQL selection; null when a category matches no level (nothing to select). */
function toSelection(filter: PastPaperFilter): PaperSelection | null {
  let levels: string[] | undefined;
  if (filter.category !== undefined) {
    levels = levelsForCategory(filter.category);
    if (levels.length === 0) return null;
  }
  return { id: filter.id, levels, subjectId: filter.subjectId, subjectCode: filter.subjectCode, recent: filter.recent };
}
