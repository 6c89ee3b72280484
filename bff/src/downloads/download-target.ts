/** A stored file ready to be sent: where it is, what the browser should call it, which document counts. */
export interface DownloadTarget {
  /** The row of `documents` whose counters a download or view moves. */
  documentId: number;
  /** The storage key (relative to UPLOAD_DIR, or the bucket's key). */
  path: string;
  filename: string;
}
