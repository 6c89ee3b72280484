import type { VariantDocumentType } from '../common/domain-values';

/** Which counter a download increments. */
export type DownloadCounter =
  | { table: 'variants'; id: number; document: VariantDocumentType }
  | { table: 'mark_schemes'; id: number }
  | { table: 'examiner_reports'; id: number };

/** A stored file ready to be sent: where it is, what the browser should call it, what to count. */
export interface DownloadTarget {
  /** Relative to UPLOAD_DIR. */
  path: string;
  filename: string;
  counter: DownloadCounter;
}
