import type { DataSource, EntityManager } from 'typeorm';
import type { StorageFolder } from '../storage/file-storage.service';

/** What every section's row holds: its document (the file and its counters) and the paper it is placed on. */
export interface SectionRow {
  id: number;
  documentId: number;
  pastPaperId: number | null;
  updatedAt: Date;
}

/**
 * What makes one admin section of documents added on their own (mark schemes, examiner reports) differ from the
 * other: its row, its messages, what its form fills in and how it names a record. Everything else (the upload
 * rules, atomic writes, audit entries, optimistic locking, the routes) is DocumentSectionService's and
 * DocumentSectionController's, once.
 */
export interface DocumentSection<Row extends SectionRow, Form, View> {
  entity: new () => Row;
  /** The kind of its documents. */
  kind: 'mark-scheme' | 'examiner-report';
  /** The audit log's entity type. */
  auditType: 'mark_scheme' | 'examiner_report';
  folder: StorageFolder;
  /** The multipart field of the file. */
  fileField: string;
  messages: { notFound: string; fileRequired: string; invalidType: string };
  /** Whether the paper a form names is checked before its file (the spec's order of errors for the section). */
  paperBeforeFile: boolean;
  /** The row's own fields from a form, once the paper it names is checked (a 400 naming past_paper_id if not). */
  fields(db: DataSource, form: Form): Promise<Partial<Row>>;
  /** How the audit log names a record: "mark scheme …", "examiner report for …". */
  describe(db: EntityManager, row: Row): Promise<string>;
  /** One record by id, or every record newest first, as the API shows them (with their document's counters). */
  read(db: DataSource | EntityManager, id?: number): Promise<View[]>;
}
