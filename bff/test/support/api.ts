import type { Response as SuperagentResponse } from 'superagent';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestBff } from './test-bff';

export const API = '/backend/api';

export interface SignedIn {
  token: string;
  id: number;
  email: string;
  password: string;
}

/** Signs in through the real endpoint and returns the token. */
export async function login(bff: TestBff, email: string, password: string, clientIp = '10.0.0.1'): Promise<string> {
  const res = await bff.http().post(`${API}/auth_login.php`).set('X-Forwarded-For', clientIp).send({ email, password });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export async function signInAdmin(bff: TestBff): Promise<SignedIn> {
  const res = await bff
    .http()
    .post(`${API}/auth_login.php`)
    .set('X-Forwarded-For', '10.0.0.1')
    .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return { token: res.body.token, id: res.body.user.id, email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
}

let userCounter = 0;

/** Creates a user through the API (as the admin) and signs them in when active. */
export async function createUser(
  bff: TestBff,
  admin: SignedIn,
  options: { role?: 'user' | 'admin'; status?: 'active' | 'inactive'; name?: string } = {},
): Promise<SignedIn> {
  userCounter++;
  const email = `user${userCounter}-${Date.now()}@test.example`;
  const password = `password-${userCounter}-long`;
  const res = await bff
    .http()
    .post(`${API}/users.php`)
    .set(bearer(admin.token))
    .send({
      name: options.name ?? `User ${userCounter}`,
      email,
      role: options.role ?? 'user',
      status: options.status ?? 'active',
      password,
      confirmPassword: password,
    });
  if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = (options.status ?? 'active') === 'active' ? await login(bff, email, password) : '';
  return { token, id: res.body.data.id, email, password };
}

export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/** Every file under UPLOAD_DIR, relative and sorted. */
export function uploadedFiles(bff: TestBff): string[] {
  const root = bff.config.uploadDir;
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(root, full).split('\\').join('/'));
    }
  };
  walk(root);
  return out.sort();
}

export async function countRows(bff: TestBff, table: string): Promise<number> {
  const [row] = await bff.db.query(`SELECT COUNT(*)::int AS n FROM ${table}`);
  return (row as { n: number }).n;
}

/** Counts of every table an upload touches, for "nothing left behind" assertions. */
export async function writeState(bff: TestBff): Promise<{ rows: Record<string, number>; files: string[] }> {
  const rows: Record<string, number> = {};
  for (const table of ['past_papers', 'variants', 'mark_schemes', 'examiner_reports', 'audit_log'])
    rows[table] = await countRows(bff, table);
  return { rows, files: uploadedFiles(bff) };
}

export async function createSubject(
  bff: TestBff,
  admin: SignedIn,
  fields: { name?: string; code?: string; level?: string } = {},
): Promise<{ id: number; code: string; name: string }> {
  userCounter++;
  const res = await bff
    .http()
    .post(`${API}/subjects.php`)
    .set(bearer(admin.token))
    .send({
      name: fields.name ?? 'Physics',
      code: fields.code ?? `PH${userCounter}${Date.now() % 100000}`,
      level: fields.level ?? 'cambridge-igcse',
    });
  if (res.status !== 201) throw new Error(`create subject failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A supertest body parser that keeps the raw bytes (for PDFs and gzip). In Node, superagent hands it the stream. */
export function binary(res: SuperagentResponse, callback: (err: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
  stream.on('error', (error: Error) => callback(error, Buffer.alloc(0)));
}
