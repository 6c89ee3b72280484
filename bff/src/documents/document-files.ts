import type { DataSource, EntityManager } from 'typeorm';
import type { VariantDocumentType } from '../common/domain-values';
import type { DocumentKind } from './document.entity';
import {
  ADD_DOCUMENT_SQL,
  EMPTY_SLOT_SQL,
  FILE_OF_DOCUMENT_SQL,
  FILES_OF_PAPER_SQL,
  FILES_OF_VARIANT_SQL,
  MOVE_DOCUMENT_SQL,
  PUT_SLOT_SQL,
  REPLACE_FILE_SQL,
  VARIANTS_WITH_QUESTION_PAPER_SQL,
} from './document.queries';

/** A stored file as its document records it. */
export interface DocumentFile {
  /** The key under UPLOAD_DIR or in the bucket (or an external link given for a mark scheme). */
  path: string;
  size: number | null;
  sha256: string | null;
  /** The uploaded file's own name. */
  name: string | null;
}

/** The document kind of each slot a variant holds, as the forms and the legacy links name them. */
export const SLOT_KIND: Record<VariantDocumentType, DocumentKind> = {
  document: 'question-paper',
  mark_scheme: 'mark-scheme',
  examiner_report: 'examiner-report',
};

/**
 * The one way the library's files are recorded: every writer (the past paper forms, the mark scheme and examiner
 * report sections, the bulk import, the seed) puts its files here, inside its own transaction (`tx`). Each answer
 * names the storage key a record no longer holds, for the writer to remove once its transaction has committed.
 */
export const documentFiles = {
  /** A variant's slot holds `file`, or nothing (null). Counters stay with the slot when its file is replaced. */
  async putSlot(
    tx: EntityManager,
    slot: { variantId: number; paperId: number; type: VariantDocumentType },
    file: DocumentFile | null,
  ): Promise<string | null> {
    const kind = SLOT_KIND[slot.type];
    if (file === null) {
      const [gone] = await tx.query<Array<{ before: string }>>(EMPTY_SLOT_SQL, [slot.variantId, kind]);
      return gone?.before ?? null;
    }
    const [put] = await tx.query<Array<{ before: string | null }>>(PUT_SLOT_SQL, [
      slot.variantId,
      kind,
      slot.paperId,
      file.path,
      file.name,
      file.size,
      file.sha256,
    ]);
    return put?.before !== file.path ? (put?.before ?? null) : null;
  },

  /** A new document added on its own (a mark scheme or examiner report's row points at it); its id. */
  async add(tx: EntityManager, kind: DocumentKind, paperId: number | null, file: DocumentFile): Promise<number> {
    const [added] = await tx.query<Array<{ id: number }>>(ADD_DOCUMENT_SQL, [
      kind,
      paperId,
      file.path,
      file.name,
      file.size,
      file.sha256,
    ]);
    return added!.id;
  },

  /** A document added on its own follows its record to a paper (or none). */
  async move(tx: EntityManager, documentId: number, paperId: number | null): Promise<void> {
    await tx.query(MOVE_DOCUMENT_SQL, [documentId, paperId]);
  },

  /** A document holds another file, its counters kept; answers the key it held. */
  async replaceFile(tx: EntityManager, documentId: number, file: DocumentFile): Promise<string | null> {
    const [replaced] = await tx.query<Array<{ before: string | null }>>(REPLACE_FILE_SQL, [
      documentId,
      file.path,
      file.name,
      file.size,
      file.sha256,
    ]);
    return replaced?.before !== file.path ? (replaced?.before ?? null) : null;
  },

  /** The files deleting a paper removes: its variants' and its examiner reports' (linked mark schemes stay). */
  async ofPaper(tx: EntityManager, paperId: number): Promise<string[]> {
    const rows = await tx.query<Array<{ storage_key: string }>>(FILES_OF_PAPER_SQL, [paperId]);
    return rows.map((row) => row.storage_key);
  },

  /** The files deleting a variant removes (its documents go with it). */
  async ofVariant(tx: EntityManager, variantId: number): Promise<string[]> {
    const rows = await tx.query<Array<{ storage_key: string }>>(FILES_OF_VARIANT_SQL, [variantId]);
    return rows.map((row) => row.storage_key);
  },

  /** The file of one document, or null when there is no such document. */
  async of(tx: EntityManager, documentId: number): Promise<string | null> {
    const [row] = await tx.query<Array<{ storage_key: string }>>(FILE_OF_DOCUMENT_SQL, [documentId]);
    return row?.storage_key ?? null;
  },

  /** Which of the given variants hold a question paper. */
  async variantsWithQuestionPaper(db: DataSource | EntityManager, variantIds: number[]): Promise<Set<number>> {
    if (variantIds.length === 0) return new Set();
    const rows = await db.query<Array<{ variant_id: number }>>(VARIANTS_WITH_QUESTION_PAPER_SQL, [variantIds]);
    return new Set(rows.map((row) => row.variant_id));
  },
};
