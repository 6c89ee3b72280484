import type { DataSource, EntityManager } from 'typeorm';
import type { Session } from '../common/domain-values';
import type { StoredSitting } from './import-plan';
import type { DocumentType } from '../exam-references';
import { SLOT_OF, type PaperState, type StoredVariant } from './import-placement';

type Db = DataSource | EntityManager;

export interface PaperKey {
  subjectId: number;
  subjectCode: string;
  year: number;
  session: string;
}

export const paperKeyOf = (k: Pick<PaperKey, 'subjectId' | 'year' | 'session'>) =>
  `${k.subjectId}|${k.year}|${k.session}`;

/**
 * What the given papers hold now, by paper key. A subject may have several papers of one sitting (the form allows
 * it): the import adds to the oldest. `lock` (inside a commit's transaction) takes that paper's row FOR UPDATE, so
 * two commits or a commit and an edit of the same paper run one after the other.
 */
export async function loadPaperStates(
  db: Db,
  keys: readonly PaperKey[],
  lock = false,
): Promise<Map<string, PaperState>> {
  const states = new Map<string, PaperState>();
  if (keys.length === 0) return states;
  const papers: Array<{ id: number; subject_id: number; year: number; session: string }> = await db.query(
    `SELECT DISTINCT ON (p.subject_id, p.year, p.session) p.id, p.subject_id, p.year, p.session
       FROM past_papers p
       JOIN unnest($1::int[], $2::int[], $3::text[]) AS k(subject_id, year, session)
         ON p.subject_id = k.subject_id AND p.year = k.year AND p.session = k.session
      ORDER BY p.subject_id, p.year, p.session, p.id`,
    [keys.map((k) => k.subjectId), keys.map((k) => k.year), keys.map((k) => k.session)],
  );
  if (lock && papers.length > 0) {
    await db.query(`SELECT id FROM past_papers WHERE id = ANY($1) ORDER BY id FOR UPDATE`, [papers.map((p) => p.id)]);
  }
  const paperIds = papers.map((p) => p.id);
  // One after the other: inside a transaction they share one connection.
  const variants: Array<{ id: number; past_paper_id: number; slug: string }> = await db.query(
    `SELECT id, past_paper_id, slug FROM variants WHERE past_paper_id = ANY($1) ORDER BY version, id`,
    [paperIds],
  );
  const slotFiles: Array<{
    variant_id: number;
    kind: DocumentType;
    storage_key: string;
    sha256: string | null;
    original_name: string | null;
  }> = await db.query(
    `SELECT d.variant_id, d.kind, d.storage_key, d.sha256, d.original_name
       FROM documents d JOIN variants v ON v.id = d.variant_id
      WHERE v.past_paper_id = ANY($1) AND d.kind IN ('question-paper', 'mark-scheme', 'examiner-report')`,
    [paperIds],
  );
  const reports: Array<Record<string, string | number | null>> = await db.query(
    `SELECT r.id, r.past_paper_id, r.paper_number, d.storage_key AS file_path, d.sha256 AS file_sha256,
            d.original_name AS file_name
         FROM examiner_reports r JOIN documents d ON d.id = r.document_id
        WHERE r.past_paper_id = ANY($1) ORDER BY r.id`,
    [paperIds],
  );
  const markSchemes: Array<Record<string, string | number | null>> = await db.query(
    `SELECT m.id, m.past_paper_id, lower(m.code) AS code, m.year, m.session, m.paper_number,
            d.storage_key AS file_path, d.sha256 AS file_sha256, d.original_name AS file_name
         FROM mark_schemes m JOIN documents d ON d.id = m.document_id
         JOIN unnest($1::text[], $2::int[], $3::text[]) AS k(code, year, session)
           ON lower(m.code) = k.code AND m.year = k.year AND m.session = k.session
        WHERE m.past_paper_id IS NULL OR m.past_paper_id = ANY($4)
        ORDER BY m.id`,
    [keys.map((k) => k.subjectCode.toLowerCase()), keys.map((k) => k.year), keys.map((k) => k.session), paperIds],
  );
  const codeOf = new Map(keys.map((k) => [paperKeyOf(k), k.subjectCode.toLowerCase()]));
  for (const key of keys) {
    states.set(paperKeyOf(key), { paperId: null, variants: [], examinerReports: [], markSchemes: [] });
  }
  const keyOfPaper = new Map<number, string>();
  for (const p of papers) {
    const key = paperKeyOf({ subjectId: p.subject_id, year: p.year, session: p.session });
    keyOfPaper.set(p.id, key);
    states.get(key)!.paperId = p.id;
  }
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));
  const emptySlot = () => ({ path: null, sha256: null, name: null });
  const filesOf = new Map<number, StoredVariant['files']>(
    variants.map((v) => [v.id, { document: emptySlot(), mark_scheme: emptySlot(), examiner_report: emptySlot() }]),
  );
  for (const f of slotFiles) {
    const files = filesOf.get(Number(f.variant_id));
    if (files) files[SLOT_OF[f.kind]] = { path: f.storage_key, sha256: f.sha256, name: f.original_name };
  }
  for (const v of variants) {
    const key = keyOfPaper.get(Number(v.past_paper_id));
    if (!key) continue;
    states.get(key)!.variants.push({ id: Number(v.id), slug: String(v.slug), files: filesOf.get(v.id)! });
  }
  const record = (r: Record<string, string | number | null>) => ({
    id: Number(r.id),
    paperNumber: String(r.paper_number ?? ''),
    path: text(r.file_path),
    sha256: text(r.file_sha256),
    name: text(r.file_name),
  });
  for (const r of reports) {
    const key = keyOfPaper.get(Number(r.past_paper_id));
    if (key) states.get(key)!.examinerReports.push(record(r));
  }
  for (const m of markSchemes) {
    for (const [key, state] of states) {
      const [, year, session] = key.split('|');
      const linked = m.past_paper_id !== null && Number(m.past_paper_id) === state.paperId;
      const unlinked =
        m.past_paper_id === null && codeOf.get(key) === m.code && String(m.year) === year && m.session === session;
      if (linked || unlinked) state.markSchemes.push(record(m));
    }
  }
  return states;
}

/**
 * The sittings of stored papers of some subject codes by `${CODE}/${variant slug}`: where an Edexcel mark scheme
 * whose question paper is already in the library belongs.
 */
export async function loadStoredSittings(db: Db, codes: readonly string[]): Promise<Map<string, StoredSitting[]>> {
  const sittings = new Map<string, StoredSitting[]>();
  if (codes.length === 0) return sittings;
  const rows: Array<{ code: string; slug: string; year: number; session: Session }> = await db.query(
    `SELECT DISTINCT upper(s.code) AS code, v.slug, p.year, p.session
       FROM subjects s JOIN past_papers p ON p.subject_id = s.id JOIN variants v ON v.past_paper_id = p.id
      WHERE lower(s.code) = ANY($1)`,
    [codes.map((c) => c.toLowerCase())],
  );
  for (const r of rows) {
    const key = `${r.code}/${r.slug}`;
    sittings.set(key, [...(sittings.get(key) ?? []), { year: r.year, session: r.session }]);
  }
  return sittings;
}
