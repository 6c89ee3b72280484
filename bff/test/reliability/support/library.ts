import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestDatabase } from './database';
import { API_PATH } from './bff-process';
import { jsonBody, jsonOf, multipart, send, type MultipartPart } from './http';

/** Signs in through the real endpoint and returns the bearer token. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const answer = await send(origin, {
    method: 'POST',
    path: `${API_PATH}/auth_login.php`,
    ...jsonBody({ email, password }),
  });
  const token = (jsonOf(answer) as { token?: unknown } | undefined)?.token;
  if (answer.status !== 200 || typeof token !== 'string')
    throw new Error(`login of ${email} failed: ${answer.status} ${answer.body.toString()}`);
  return token;
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Every file under a folder, relative path → sha256 of its bytes. */
export function folderDigest(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(root, full).split('\\').join('/')] = sha256(readFileSync(full));
    }
  };
  walk(root);
  return out;
}

/**
 * Every table of the schema: its row count and a digest of all its rows (the database does the hashing), but the
 * bookkeeping: login attempts and rate-limit counters record refused requests on purpose (a bad login counts against
 * its account and client), and the instance's heartbeat moves every few seconds (cluster_instances).
 */
export async function tableDigests(db: TestDatabase): Promise<Record<string, string>> {
  const bookkeeping = new Set(['login_attempts', 'rate_limits', 'cluster_instances']);
  const tables = (
    await db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    )
  ).filter(({ name }) => !bookkeeping.has(name));
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ n: number; digest: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS digest FROM "${name}" t`,
    );
    out[name] = `${row!.n} rows, ${row!.digest ?? 'empty'}`;
  }
  return out;
}

/** The stored paths every row points to (variants' three documents, mark schemes, examiner reports). */
export async function referencedFiles(db: TestDatabase): Promise<string[]> {
  const rows = await db.query<{ path: string }>(`SELECT storage_key AS path FROM documents ORDER BY path`);
  return rows.map((r) => r.path);
}

/**
 * What would make the library inconsistent, as readable lines (an empty list means consistent): a past paper
 * without variants, a variant without its document, a row pointing to a missing file, a file no row points to.
 */
export async function libraryProblems(db: TestDatabase, uploadDir: string): Promise<string[]> {
  const problems: string[] = [];
  const bare = await db.query<{ id: number }>(
    'SELECT p.id FROM past_papers p WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.past_paper_id = p.id) ORDER BY p.id',
  );
  for (const { id } of bare) problems.push(`past paper ${id} has no variant`);
  const noDocument = await db.query<{ id: number }>(
    `SELECT id FROM variants v WHERE NOT EXISTS (
       SELECT 1 FROM documents d WHERE d.variant_id = v.id AND d.kind = 'question-paper') ORDER BY id`,
  );
  for (const { id } of noDocument) problems.push(`variant ${id} has no document`);
  const referenced = await referencedFiles(db);
  const onDisk = new Set(Object.keys(folderDigest(uploadDir)));
  for (const path of referenced) if (!onDisk.has(path)) problems.push(`${path} is referenced but missing`);
  const referencedSet = new Set(referenced);
  for (const path of onDisk) if (!referencedSet.has(path)) problems.push(`${path} is an orphan (no row points to it)`);
  return problems;
}

export interface VariantSubmission {
  /** A stored variant this keeps (update), or a new one. */
  id?: number;
  name: string;
  version: number;
  document?: Buffer;
  markScheme?: Buffer;
  examinerReport?: Buffer;
  /** Update: drop the stored optional document instead of keeping it. */
  removeMarkScheme?: boolean;
  removeExaminerReport?: boolean;
}

/** The multipart past paper form (create, or update with `_method=PUT` and `id`). */
export function pastPaperForm(
  fields: { subjectId: number; year: number; session: string; updateId?: number },
  variants: VariantSubmission[],
): { body: Buffer; contentType: string } {
  const parts: MultipartPart[] = [];
  if (fields.updateId !== undefined)
    parts.push({ name: '_method', value: 'PUT' }, { name: 'id', value: String(fields.updateId) });
  parts.push(
    { name: 'subject_id', value: String(fields.subjectId) },
    { name: 'year', value: String(fields.year) },
    { name: 'session', value: fields.session },
    {
      name: 'variants',
      value: JSON.stringify(variants.map((v) => ({ ...(v.id ? { id: v.id } : {}), name: v.name, version: v.version }))),
    },
  );
  variants.forEach((v, i) => {
    if (v.document)
      parts.push({
        name: `variant_${i}_document_path`,
        filename: `paper-${i}.pdf`,
        data: v.document,
        contentType: 'application/pdf',
      });
    if (v.markScheme)
      parts.push({
        name: `variant_${i}_mark_scheme_path`,
        filename: `ms-${i}.pdf`,
        data: v.markScheme,
        contentType: 'application/pdf',
      });
    if (v.examinerReport)
      parts.push({
        name: `variant_${i}_examiner_report_path`,
        filename: `er-${i}.pdf`,
        data: v.examinerReport,
        contentType: 'application/pdf',
      });
    if (v.removeMarkScheme) parts.push({ name: `variant_${i}_remove_mark_scheme`, value: '1' });
    if (v.removeExaminerReport) parts.push({ name: `variant_${i}_remove_examiner_report`, value: '1' });
  });
  return multipart(parts);
}
