import type { SessionDocument } from './session-documents';

/** One download of every file of a session zip, in one statement (atomic: every counter moves, or none). */
export const COUNT_SESSION_ZIP_SQL = `
  UPDATE documents SET downloads = downloads + 1, last_downloaded_at = now() WHERE id = ANY($1::int[])`;

/** The parameters of COUNT_SESSION_ZIP_SQL: the documents in the zip. */
export function countParameters(documents: SessionDocument[]): [number[]] {
  return [documents.map((d) => d.documentId)];
}
