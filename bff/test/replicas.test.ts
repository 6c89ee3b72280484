import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, bearer, createSubject, signInAdmin, type SignedIn } from './support/api';
import { pdfBytes } from './support/documents';
import { dbTarget, startTestBff, type TestBff } from './support/test-bff';
import { VARIANTS_WITH_COUNTERS } from './support/counters';
import { Client } from 'pg';
import { CHANGES_CHANNEL } from '../src/read-cache/cluster-invalidation';
import { ReadCache, type ContentScope } from '../src/read-cache/read-cache';

/**
 * Several BFF instances against one PostgreSQL behave as one. (The embedded PGlite belongs to one process,
 * so this runs on the postgres project.)
 */
const onPostgres = dbTarget() === 'postgres' ? describe : describe.skip;

onPostgres('two BFF instances on one database', () => {
  let a: TestBff;
  let b: TestBff & { databaseUrl?: string };
  let admin: SignedIn;
  const uploads = mkdtempSync(join(tmpdir(), 'ppl-replicas-uploads-'));
  const bDataDir = mkdtempSync(join(tmpdir(), 'ppl-replicas-b-'));

  const listeners = async () =>
    (
      await a.db.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'ppl-bff-listen-%'`,
      )
    )[0]!.n;

  /** Waits until every instance's LISTEN connection is up (the read cache stands aside until then). */
  const waitForListeners = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while ((await listeners()) < count) {
      if (Date.now() > deadline) throw new Error('listeners did not connect');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    const env = { UPLOAD_DIR: uploads, PUBLIC_WRITE_LIMIT: '4' };
    a = await startTestBff({ env });
    b = await startTestBff({
      env,
      reuse: { dataDir: bDataDir, databaseUrl: (a as { databaseUrl?: string }).databaseUrl },
    });
    admin = await signInAdmin(a);
    await waitForListeners(2);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.close();
    rmSync(uploads, { recursive: true, force: true });
    rmSync(bDataDir, { recursive: true, force: true });
  });

  const subjectCodes = async (bff: TestBff) => {
    const res = await bff.http().get(`${API}/subjects.php`).expect(200);
    return { codes: (res.body.data as Array<{ code: string }>).map((s) => s.code), cache: res.headers['x-cache'] };
  };

  it("serves a write made through one instance on the other's very next request, every time", async () => {
    await subjectCodes(b);
    expect((await subjectCodes(b)).cache).toBe('HIT');
    for (let i = 0; i < 15; i++) {
      const code = `R${100 + i}`;
      await createSubject(a, admin, { name: `Replica ${i}`, code, level: 'cambridge-igcse' });
      const seen = await subjectCodes(b);
      expect(seen.codes).toContain(code);
      // And the other way round: B's write, A's next read.
      await a.http().get(`${API}/subjects.php`).expect(200);
      const adminOnB = await signInAdmin(b);
      await b
        .http()
        .put(`${API}/subjects.php?id=${(await b.db.query('SELECT id FROM subjects WHERE code = $1', [code]))[0].id}`)
        .set(bearer(adminOnB.token))
        .send({ name: `Replica ${i} renamed`, code, level: 'cambridge-igcse', description: '' })
        .expect(200);
      const onA = await a.http().get(`${API}/subjects.php`).expect(200);
      expect((onA.body.data as Array<{ code: string; name: string }>).find((s) => s.code === code)?.name).toBe(
        `Replica ${i} renamed`,
      );
    }
  });

  it("tells the other instance's renderer which subjects a scoped write changed, and nothing for any other write", async () => {
    const heard: Array<{ content: number; scope?: ContentScope }> = [];
    const unsubscribe = b.app
      .get(ReadCache)
      .onChange((versions, scope) => heard.push({ content: versions.content, ...(scope ? { scope } : {}) }));
    try {
      const subject = await createSubject(a, admin, { name: 'Scoped', code: 'SCOPE1', level: 'cambridge-igcse' });
      await a
        .http()
        .put(`${API}/subjects.php?id=${subject.id}`)
        .set(bearer(admin.token))
        .send({ name: 'Scoped renamed', code: 'SCOPE1', level: 'cambridge-igcse', description: '' })
        .expect(200);
      await a
        .http()
        .post(`${API}/faqs.php`)
        .set(bearer(admin.token))
        .send({ question: 'Scoped?', answer: 'No: a new FAQ may show anywhere.' })
        .expect(201);
      // The write answers once B applied it: B's renderer has heard all three, in order.
      expect(heard.map((event) => event.scope ?? null)).toEqual([
        { subjects: [subject.id] },
        { subjects: [subject.id] },
        null,
      ]);
      expect(heard.map((event) => event.content - heard[0]!.content)).toEqual([0, 1, 2]);
    } finally {
      unsubscribe();
    }
  });

  it('stands aside while its change feed is lost, misses nothing meanwhile, and caches again once it is back', async () => {
    await subjectCodes(b);
    expect((await subjectCodes(b)).cache).toBe('HIT');
    // Cut every listening connection to this test's database (a database restart or a network cut looks the same to
    // the instances); those of other test files running beside it on the same server are not this test's to cut.
    await a.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name LIKE 'ppl-bff-listen-%' AND datname = current_database()`,
    );
    const deadline = Date.now() + 5_000;
    let during: Awaited<ReturnType<typeof subjectCodes>>;
    do {
      during = await subjectCodes(b);
    } while (during.cache === 'HIT' && Date.now() < deadline);
    expect(during.cache).not.toBe('HIT');
    // A write made while B cannot hear of it.
    await createSubject(a, admin, { name: 'During the cut', code: 'CUT1', level: 'cambridge-igcse' });
    expect((await subjectCodes(b)).codes).toContain('CUT1');
    await waitForListeners(2);
    // Back: B caches again (once its feed is up it starts from an empty cache).
    const backBy = Date.now() + 5_000;
    let again: Awaited<ReturnType<typeof subjectCodes>>;
    do {
      again = await subjectCodes(b);
    } while (again.cache !== 'HIT' && Date.now() < backBy);
    expect(again.cache).toBe('HIT');
    expect(again.codes).toContain('CUT1');
    await createSubject(a, admin, { name: 'After the cut', code: 'CUT2', level: 'cambridge-igcse' });
    expect((await subjectCodes(b)).codes).toContain('CUT2');
  });

  it('shares rate limits: the contact form allowance is one for both instances', async () => {
    const post = (bff: TestBff, n: number) =>
      bff
        .http()
        .post(`${API}/inquiries.php`)
        .set('X-Forwarded-For', '198.51.100.77')
        .send({ name: `S ${n}`, email: `s${n}@test.example`, subject: 'Papers', message: `Message ${n}` });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(i % 2 === 0 ? a : b, i)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  const countersVersion = (bff: TestBff) => bff.app.get(ReadCache).versions().counters;
  const waitFor = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done()).toBe(true);
  };

  /** A new subject with one paper of one variant; its download link. */
  const downloadablePaper = async (name: string, code: string) => {
    const subject = await createSubject(a, admin, { name, code, level: 'cambridge-igcse' });
    const paper = (
      await a
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subject.id))
        .field('year', '2024')
        .field('session', 'May/June')
        .field('variants', JSON.stringify([{ name: 'Paper 1', version: 1 }]))
        .attach('variant_0_document_path', pdfBytes(`${name} on two instances`), 'q.pdf')
        .expect(201)
    ).body.data as { variants: Array<{ id: number }> };
    const variantId = paper.variants[0]!.id;
    return {
      subject,
      variantId,
      url: `${API}/past_papers.php?download_variant_id=${variantId}&variant_document_type=document`,
    };
  };

  it('counts downloads made through both instances exactly', async () => {
    const { subject, variantId, url } = await downloadablePaper('Counting', 'CNT1');
    const heardBefore = countersVersion(b);
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).http().get(url).expect(200)));
    // b counted 20 itself and hears of a's 20 in at least one announcement (a batch).
    await waitFor(() => countersVersion(b) > heardBefore + 20);
    const [row] = await a.db.query(`SELECT document_downloads AS n FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`, [
      variantId,
    ]);
    expect((row as { n: number }).n).toBe(40);
    // The public listing on either instance shows the fresh count.
    for (const bff of [a, b]) {
      const res = await bff.http().get(`${API}/subjects.php?id=${subject.id}`).expect(200);
      expect(JSON.stringify(res.body)).toContain('"document_downloads":40');
    }
    // Cached on b for everyone; a student's download through a: b shows it to that student (the announcement names
    // the address that counted) while the others keep the cached count for now.
    const student = { 'X-Forwarded-For': '203.0.113.77' };
    const someoneElse = { 'X-Forwarded-For': '203.0.113.78' };
    const subjectPage = `${API}/subjects.php?id=${subject.id}`;
    expect((await b.http().get(subjectPage).set(someoneElse).expect(200)).headers['x-cache']).toBe('HIT');
    await a.http().get(url).set(student).expect(200);
    let forStudent = '';
    for (let i = 0; i < 100 && !forStudent.includes('"document_downloads":41'); i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      forStudent = JSON.stringify((await b.http().get(subjectPage).set(student).expect(200)).body);
    }
    expect(forStudent).toContain('"document_downloads":41');
  });

  it('announces a burst of counted downloads in a few notifications that name every address that counted', async () => {
    const { url } = await downloadablePaper('Announcing', 'ANN1');
    const listener = new Client({ connectionString: (a as { databaseUrl?: string }).databaseUrl });
    await listener.connect();
    const counters: string[] = [];
    listener.on('notification', (message) => {
      const [kind, , , ...detail] = (message.payload ?? '').split(':');
      if (message.channel === CHANGES_CHANNEL && kind === 'counters') counters.push(detail.join(':'));
    });
    await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
    try {
      const students = Array.from({ length: 30 }, (_, i) => `203.0.113.${100 + i}`);
      await Promise.all(students.map((address) => a.http().get(url).set('X-Forwarded-For', address).expect(200)));
      const named = () => new Set(counters.flatMap((detail) => detail.split(',')));
      for (let i = 0; i < 100 && named().size < students.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect([...named()].sort()).toEqual([...students].sort());
      expect(counters.length).toBeLessThanOrEqual(5);
    } finally {
      await listener.end();
    }
  });
});
