import { mkdtempSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildCorpus,
  forgedCredentials,
  type BadRequest,
  type LibraryIds,
  type OpenApiDocument,
} from './support/bad-requests';
import { ADMIN, API_PATH, loggedErrors, removeFolder, startBffProcess, type BffProcess } from './support/bff-process';
import { databaseTargets, startTestDatabase, type TestDatabase } from './support/database';
import { bearer, jsonBody, jsonOf, send, sendRaw } from './support/http';
import { folderDigest, signIn, tableDigests } from './support/library';
import { SeededRandom } from './support/random';

/** The corpus is reproducible: the same seed sends the same requests. PPL_FUZZ_SEED explores other corpora. */
const SEED = Number(process.env.PPL_FUZZ_SEED ?? 20260707);
const CONCURRENCY = 4;

interface Outcome {
  request: BadRequest;
  identity: string;
  status: number;
  contentType: string;
  body: string;
  error?: string;
}

describe.each(databaseTargets())(
  'bad input (%s): malformed requests to every endpoint, anonymously and as an admin',
  (target) => {
    let dataDir: string;
    let dbDir: string;
    let db: TestDatabase;
    let bff: BffProcess;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'ppl-reliability-fuzz-'));
      dbDir = mkdtempSync(join(tmpdir(), 'ppl-reliability-fuzz-db-'));
      db = await startTestDatabase(target, dbDir);
      // The documents' text is read in the background: not while the corpus checks that nothing changes.
      bff = await startBffProcess({
        dataDir,
        databaseUrl: db.url,
        seedDemo: true,
        env: { DOCUMENT_TEXT_WORKER: 'false' },
      });
    }, 180_000);

    afterAll(async () => {
      await bff?.stop();
      await db?.close();
      removeFolder(dataDir);
      removeFolder(dbDir);
    }, 60_000);

    it('answers every one with a clean 4xx and changes nothing: no table row, no file', async () => {
      const token = await signIn(bff.origin, ADMIN.email, ADMIN.password);
      const get = async (path: string, auth = true) => {
        const answer = await send(bff.origin, {
          method: 'GET',
          path: `${API_PATH}/${path}`,
          headers: auth ? bearer(token) : {},
        });
        if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status}`);
        return jsonOf(answer) as Record<string, unknown>;
      };
      // One inquiry, so that inquiry ids are real too.
      const inquiry = await send(bff.origin, {
        method: 'POST',
        path: `${API_PATH}/inquiries.php`,
        ...jsonBody({ name: 'Real', email: 'real@example.com', subject: 'Real', message: 'A real inquiry' }),
      });
      expect(inquiry.status).toBe(201);
      const papers = (await get('past_papers.php')).data as Array<{
        id: number;
        subject_id: number;
        variants: Array<{ id: number; document_path: string }>;
      }>;
      const paper = papers.find((p) => p.variants.length >= 2) ?? papers[0]!;
      const ids: LibraryIds = {
        paperId: paper.id,
        variantIds: paper.variants.map((v) => v.id),
        subjectId: paper.subject_id,
        markSchemeId: ((await get('mark_schemes.php')).data as Array<{ id: number }>)[0]!.id,
        examinerReportId: ((await get('examiner_reports.php')).data as Array<{ id: number }>)[0]!.id,
        faqId: ((await get('faqs.php')).faqs as Array<{ id: number }>)[0]!.id,
        inquiryId: (jsonOf(inquiry) as { data: { id: number } }).data.id,
        userId: ((await get('users.php')).data as Array<{ id: number }>)[0]!.id,
        filePath: paper.variants[0]!.document_path,
        settings: (await get('settings.php', false)).data as Record<string, unknown>,
      };
      // Admin-only in production (API_DOCS), as the reliability BFF runs.
      const doc = (await get('docs-json')) as unknown as OpenApiDocument;
      const rng = new SeededRandom(SEED);
      const corpus = buildCorpus(doc, ids, rng, API_PATH);

      // Every operation the OpenAPI document lists is aimed at.
      const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path })),
      );
      const template = (path: string) =>
        new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^?]+').replace(/\./g, '\\.')}(\\?|$)`);
      const unaimed = operations.filter(
        ({ method, path }) =>
          !corpus.some(
            (r) =>
              template(path).test(r.path) &&
              (r.method === method || !['GET', 'POST', 'PUT', 'DELETE'].includes(r.method)),
          ),
      );
      expect(unaimed).toEqual([]);

      const identities = (i: number): Array<{ name: string; headers: Record<string, string> }> => {
        const forged = forgedCredentials(token);
        return [
          { name: 'anonymous', headers: {} },
          { name: 'admin', headers: bearer(token) },
          // A third of the corpus also goes out with forged credentials (a different forgery each time).
          ...(i % 3 === 0 ? [{ name: 'forged', headers: forged[i % forged.length]! }] : []),
        ];
      };
      const before = { tables: await tableDigests(db), files: folderDigest(join(dataDir, 'uploads')) };

      const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
      const outcomes: Outcome[] = [];
      const jobs = corpus.flatMap((request, i) =>
        request.raw
          ? [{ request, identity: { name: 'raw', headers: {} } }]
          : identities(i).map((identity) => ({ request, identity })),
      );
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < jobs.length) {
            const { request, identity } = jobs[next++]!;
            if (request.raw) {
              const answer = await sendRaw(bff.origin, request.raw);
              outcomes.push({
                request,
                identity: identity.name,
                status: answer.status,
                contentType: /content-type: ([^\r\n]+)/i.exec(answer.text)?.[1] ?? '',
                body: answer.text.split('\r\n\r\n').slice(1).join(''),
              });
              continue;
            }
            const answer = await send(
              bff.origin,
              {
                method: request.method,
                path: request.path,
                headers: { ...request.headers, ...identity.headers },
                body: request.body,
              },
              { agent, timeoutMs: 20_000 },
            );
            outcomes.push({
              request,
              identity: identity.name,
              status: answer.status,
              contentType: String(answer.headers['content-type'] ?? ''),
              body: answer.body.toString('utf8').slice(0, 2000),
              error: answer.error,
            });
          }
        }),
      );
      agent.destroy();
      const byStatus = outcomes.reduce<Record<number, number>>(
        (acc, o) => ({ ...acc, [o.status]: (acc[o.status] ?? 0) + 1 }),
        {},
      );
      process.stdout.write(
        `bad input (${target}): seed ${SEED}, ${corpus.length} requests over ${operations.length} operations, ${outcomes.length} sent ` +
          `in ${Math.round(performance.now() - started)} ms; answers ${JSON.stringify(byStatus)}\n`,
      );
      expect(outcomes.length).toBeGreaterThan(500);

      const describeOutcome = (o: Outcome) =>
        `${o.identity} ${o.request.label} → ${o.status}${o.error ? ` ${o.error}` : ''} ${o.body.slice(0, 160)}`;
      // Every one refused with a 4xx: no 5xx, no success by accident, no dropped connection.
      expect(outcomes.filter((o) => !(o.status >= 400 && o.status < 500)).map(describeOutcome)).toEqual([]);
      // The API's own answers are `{ error }` JSON that leaks no stack, path or SQL; the rest come from Node's HTTP
      // parser (a bare status line, no body).
      const unclean = outcomes.filter((o) => {
        if (!o.contentType) return o.body.trim() !== '';
        if (!o.contentType.startsWith('application/json')) return true;
        const body = (() => {
          try {
            return JSON.parse(o.body) as { error?: unknown };
          } catch {
            return undefined;
          }
        })();
        return (
          typeof body?.error !== 'string' ||
          /\bat \S+:\d+|\/work\/|\/tmp\/|node_modules|SELECT |INSERT |QueryFailedError/.test(o.body)
        );
      });
      expect(unclean.map(describeOutcome)).toEqual([]);

      // Nothing changed: every table's rows and every stored file are exactly as before.
      expect({ tables: await tableDigests(db), files: folderDigest(join(dataDir, 'uploads')) }).toEqual(before);
      expect(bff.exit()).toBeUndefined();
      expect((await send(bff.origin, { method: 'GET', path: `${API_PATH}/health` })).status).toBe(200);
      expect(loggedErrors(bff.log()).slice(0, 3)).toEqual([]);
    }, 300_000);
  },
);
