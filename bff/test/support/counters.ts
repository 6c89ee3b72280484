import { VARIANT_DOCUMENTS_JOIN } from '../../src/past-papers/past-paper.view';

/**
 * The counters live on `documents`; these read them under the names the rows they belong to used to carry them
 * (`FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1` gives a variant's document_downloads, mark_scheme_views ...).
 */
export const variantsWithCountersAs = (alias: string) =>
  `(SELECT v.*, c.* FROM variants v ${VARIANT_DOCUMENTS_JOIN}) ${alias}`;
export const VARIANTS_WITH_COUNTERS = variantsWithCountersAs('variants');
export const MARK_SCHEMES_WITH_COUNTERS = `(SELECT m.*, d.downloads, d.views, d.last_downloaded_at
    FROM mark_schemes m JOIN documents d ON d.id = m.document_id) mark_schemes`;
export const EXAMINER_REPORTS_WITH_COUNTERS = `(SELECT r.*, d.downloads, d.views, d.last_downloaded_at
    FROM examiner_reports r JOIN documents d ON d.id = r.document_id) examiner_reports`;

/** A mark scheme added on its own whose document holds `storageKey` (no file needs to exist); its row's id. */
export const INSERT_MARK_SCHEME_SQL = `
  WITH d AS (INSERT INTO documents (kind, storage_key) VALUES ('mark-scheme', $1) RETURNING id)
  INSERT INTO mark_schemes (subject, code, paper_number, year, session, document_id)
  SELECT 'X', 'Y', '1', 2024, 'May/June', id FROM d RETURNING id`;
