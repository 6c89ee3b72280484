import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfBytes } from '../support/documents';
import { ADMIN, API_PATH, loggedErrors, removeFolder, startBffProcess, type BffProcess } from './support/bff-process';
import { databaseTargets, startTestDatabase, type TestDatabase } from './support/database';
import { bearer, jsonBody, jsonOf, send, type HttpAnswer } from './support/http';
import { libraryProblems, pastPaperForm, sha256, signIn, type VariantSubmission } from './support/library';
import { VARIANTS_WITH_COUNTERS } from '../support/counters';

const DOWNLOADS = 500;
const ROUNDS = 8;

/** A PDF of about 100 KB: big enough that 500 transfers overlap. */
const bigPdf = (text: string) => Buffer.concat([pdfBytes(text), Buffer.alloc(100 * 1024, 0x20)]);

/** A variant as stored, with its files as the hashes of their bytes (null: no file). */
interface StoredVariant {
  id?: number;
  name: string;
  version: number;
  document: string | null;
  markScheme: string | null;
  examinerReport: string | null;
}

describe.each(databaseTargets())('concurrency (%s)', (target) => {
  let dataDir: string;
  let dbDir: string;
  let db: TestDatabase;
  let bff: BffProcess;
  let adminA: string;
  let adminB: string;
  let subjectId: number;

  const api = (path: string) => `${API_PATH}/${path}`;
  const uploads = () => join(dataDir, 'uploads');
  const hashOf = (path: string | null) => (path ? sha256(readFileSync(join(uploads(), path))) : null);
  const savePaper = (token: string, fields: Parameters<typeof pastPaperForm>[0], variants: VariantSubmission[]) => {
    const form = pastPaperForm(fields, variants);
    return send(
      bff.origin,
      {
        method: 'POST',
        path: api('past_papers.php'),
        headers: { ...bearer(token), 'Content-Type': form.contentType },
        body: form.body,
      },
      { timeoutMs: 60_000 },
    );
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ppl-reliability-concurrency-'));
    dbDir = mkdtempSync(join(tmpdir(), 'ppl-reliability-concurrency-db-'));
    db = await startTestDatabase(target, dbDir);
    bff = await startBffProcess({ dataDir, databaseUrl: db.url, seedDemo: false });
    adminA = await signIn(bff.origin, ADMIN.email, ADMIN.password);
    const second = {
      name: 'Second Admin',
      email: 'second-admin@reliability.example',
      role: 'admin',
      status: 'active',
      password: 'second-admin-password',
      confirmPassword: 'second-admin-password',
    };
    expect(
      (
        await send(bff.origin, {
          method: 'POST',
          path: api('users.php'),
          ...jsonBody(second),
          headers: { ...bearer(adminA), 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(201);
    adminB = await signIn(bff.origin, second.email, second.password);
    const subject = await send(bff.origin, {
      method: 'POST',
      path: api('subjects.php'),
      headers: { ...bearer(adminA), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Physics', code: '0625', level: 'cambridge-igcse' }),
    });
    expect(subject.status).toBe(201);
    subjectId = (jsonOf(subject) as { data: { id: number } }).data.id;
  }, 180_000);

  afterAll(async () => {
    await bff?.stop();
    await db?.close();
    removeFolder(dataDir);
    removeFolder(dbDir);
  }, 60_000);

  it(`counts ${DOWNLOADS} concurrent downloads of one file exactly ${DOWNLOADS}`, async () => {
    const file = bigPdf('downloaded at once');
    const created = await savePaper(adminA, { subjectId, year: 2024, session: 'May/June' }, [
      { name: 'Paper 1', version: 1, document: file },
    ]);
    expect(created.status).toBe(201);
    const paper = (jsonOf(created) as { data: { id: number; variants: Array<{ id: number; document_path: string }> } })
      .data;
    const variant = paper.variants[0]!;
    // Every documented link form of the same file, all counting on the same counter; each on its own connection.
    const links = [
      api(`past_papers.php?download_variant_id=${variant.id}&variant_document_type=document`),
      api(`past_papers.php?download_id=${paper.id}&document_type=document`),
      api(`download/papers/${paper.id}`),
      api(`files/${variant.document_path}`),
    ];
    const expected = sha256(file);
    const answers: HttpAnswer[] = await Promise.all(
      Array.from({ length: DOWNLOADS }, (_, i) =>
        send(bff.origin, { method: 'GET', path: links[i % links.length]! }, { timeoutMs: 60_000 }),
      ),
    );
    const summary = answers.reduce<Record<string, number>>((acc, a) => {
      const key =
        a.status === 200
          ? sha256(a.body) === expected
            ? '200 with the exact file'
            : '200 with other bytes'
          : `${a.status} ${a.error ?? a.body.toString().slice(0, 80)}`;
      return { ...acc, [key]: (acc[key] ?? 0) + 1 };
    }, {});
    process.stdout.write(
      `concurrency (${target}): ${DOWNLOADS} downloads in ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms ${JSON.stringify(summary)}\n`,
    );
    expect(summary).toEqual({ '200 with the exact file': DOWNLOADS });
    const [row] = await db.query<{ n: number; last: Date | null }>(
      `SELECT document_downloads AS n, document_last_downloaded_at AS last FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`,
      [variant.id],
    );
    expect(row!.n).toBe(DOWNLOADS);
    expect(row!.last).not.toBeNull();
  }, 180_000);

  it('leaves a paper saved by two admins at once as exactly one of the two submissions, with its files and no others', async () => {
    const created = await savePaper(adminA, { subjectId, year: 2023, session: 'Oct/Nov' }, [
      { name: 'Start 1', version: 1, document: pdfBytes('start 1'), markScheme: pdfBytes('start 1 ms') },
      { name: 'Start 2', version: 2, document: pdfBytes('start 2'), examinerReport: pdfBytes('start 2 er') },
    ]);
    expect(created.status).toBe(201);
    const paperId = (jsonOf(created) as { data: { id: number } }).data.id;
    const storedVariants = async (): Promise<StoredVariant[]> =>
      (
        await db.query<{
          id: number;
          name: string;
          version: number;
          document_path: string | null;
          mark_scheme_path: string | null;
          examiner_report_path: string | null;
        }>(
          `SELECT id, name, version, document_path, mark_scheme_path, examiner_report_path
             FROM ${VARIANTS_WITH_COUNTERS} WHERE past_paper_id = $1 ORDER BY version, id`,
          [paperId],
        )
      ).map((v) => ({
        id: v.id,
        name: v.name,
        version: v.version,
        document: hashOf(v.document_path),
        markScheme: hashOf(v.mark_scheme_path),
        examinerReport: hashOf(v.examiner_report_path),
      }));
    // What a submission leaves behind: every slot of every variant is either a new file or explicitly removed.
    const expectedState = (variants: VariantSubmission[]): StoredVariant[] =>
      variants.map((v) => ({
        ...(v.id ? { id: v.id } : {}),
        name: v.name,
        version: v.version,
        document: v.document ? sha256(v.document) : null,
        markScheme: v.markScheme ? sha256(v.markScheme) : null,
        examinerReport: v.examinerReport ? sha256(v.examinerReport) : null,
      }));
    const withoutNewIds = (state: StoredVariant[], submission: VariantSubmission[]) =>
      state
        .map((v, i) => (submission[i]?.id ? v : { ...v, id: undefined }))
        .map(({ id, ...rest }) => (id === undefined ? rest : { id, ...rest }));

    let successes = 0;
    const outcomes: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const current = await storedVariants();
      // Even rounds: both keep the same stored variant (both can succeed; the second to commit wins). Odd rounds:
      // each keeps a variant the other drops, so whichever commits second finds its variant gone (409).
      const keptByA = current[0]!.id!;
      const keptByB = round % 2 === 0 ? keptByA : current[1]!.id!;
      const a: VariantSubmission[] = [
        {
          id: keptByA,
          name: `A${round} kept`,
          version: 1,
          document: pdfBytes(`A${round} kept doc`),
          markScheme: pdfBytes(`A${round} kept ms`),
          removeExaminerReport: true,
        },
        {
          name: `A${round} new`,
          version: 2,
          document: pdfBytes(`A${round} new doc`),
          examinerReport: pdfBytes(`A${round} new er`),
        },
      ];
      const b: VariantSubmission[] = [
        {
          id: keptByB,
          name: `B${round} kept`,
          version: 1,
          document: pdfBytes(`B${round} kept doc`),
          examinerReport: pdfBytes(`B${round} kept er`),
          removeMarkScheme: true,
        },
        { name: `B${round} second`, version: 2, document: pdfBytes(`B${round} second doc`) },
        {
          name: `B${round} third`,
          version: 3,
          document: pdfBytes(`B${round} third doc`),
          markScheme: pdfBytes(`B${round} third ms`),
        },
      ];
      const fields = { subjectId, year: 2023, session: 'Oct/Nov', updateId: paperId };
      // Who sends first alternates every two rounds.
      const [answerA, answerB] =
        round % 4 < 2
          ? await Promise.all([savePaper(adminA, fields, a), savePaper(adminB, fields, b)])
          : await Promise.all([savePaper(adminB, fields, b), savePaper(adminA, fields, a)]).then(
              ([rb, ra]) => [ra, rb] as const,
            );
      outcomes.push(`${answerA.status}/${answerB.status}`);
      const unexpected = [answerA, answerB].filter((x) => x.status !== 200 && x.status !== 409);
      expect({
        round,
        unexpected: unexpected.map((x) => `${x.status} ${x.error ?? x.body.toString().slice(0, 300)}`),
      }).toEqual({ round, unexpected: [] });
      const succeeded = [answerA.status === 200 ? a : null, answerB.status === 200 ? b : null].filter(
        (s): s is VariantSubmission[] => s !== null,
      );
      // Odd rounds: whoever commits second finds its kept variant gone. Even rounds: at least the first commit wins.
      expect({
        round,
        answers: outcomes.at(-1),
        successes: round % 2 === 1 ? succeeded.length === 1 : succeeded.length >= 1,
      }).toEqual({ round, answers: outcomes.at(-1), successes: true });
      successes += succeeded.length;

      const state = await storedVariants();
      const matches = succeeded.filter(
        (s) => JSON.stringify(withoutNewIds(state, s)) === JSON.stringify(expectedState(s)),
      );
      expect({ round, state, matchesOneSubmission: matches.length === 1 }).toEqual({
        round,
        state,
        matchesOneSubmission: true,
      });
      expect({ round, problems: await libraryProblems(db, uploads()) }).toEqual({ round, problems: [] });
    }
    process.stdout.write(
      `concurrency (${target}): two admins saving at once, A/B answers per round ${outcomes.join(' ')}\n`,
    );

    const [audit] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'update' AND entity_type = 'past_paper' AND entity_id = $1",
      [paperId],
    );
    expect(audit!.n).toBe(successes);
    expect(loggedErrors(bff.log()).slice(0, 3)).toEqual([]);
  }, 180_000);
});
