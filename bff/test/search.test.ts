import { Client } from 'pg';
import type { Test } from 'supertest';
import { API, bearer, createSubject, signInAdmin, type SignedIn } from './support/api';
import { pagedPdf } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';
import { VARIANTS_WITH_COUNTERS } from './support/counters';

type Files = Record<string, { bytes: Buffer; name: string }>;

/** Starts with the PDF magic bytes (the upload accepts it) but is no PDF at all. */
const BROKEN_PDF = Buffer.from('%PDF-1.7\nthis is not really a pdf, just bytes that look like one\n', 'latin1');

interface Result {
  paper_id: number;
  variant_id: number | null;
  variant_name: string | null;
  document_type: string;
  page: number | null;
  snippet: string | null;
  subject_name: string;
  year: number;
  session: string;
  linked_document_id: number | null;
  file_url: string;
}

describe('search', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let physics: { id: number; code: string };
  let chemistry: { id: number; code: string };
  let summer23: { id: number; variants: Array<{ id: number; name: string }> };
  let winter22: { id: number; variants: Array<{ id: number; name: string }> };

  const form = (req: Test, fields: Record<string, string>, files: Files = {}): Test => {
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    for (const [field, file] of Object.entries(files)) req.attach(field, file.bytes, file.name);
    return req;
  };
  const createPaper = async (
    subjectId: number,
    year: number,
    session: string,
    variants: Array<{ name: string; version: number }>,
    files: Files,
  ) => {
    const res = await form(
      bff.http().post(`${API}/past_papers.php`).set(bearer(admin.token)),
      {
        subject_id: String(subjectId),
        year: String(year),
        session,
        code: 'x',
        level: 'x',
        subject: 'x',
        variants: JSON.stringify(variants.map((v) => ({ ...v, slug: v.name.toLowerCase().replace(/ /g, '-') }))),
      },
      files,
    );
    if (res.status !== 201) throw new Error(`create paper: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number; variants: Array<{ id: number; name: string }> };
  };
  const search = async (query: Record<string, string | number>) => {
    const res = await bff.http().get(`${API}/search`).query(query);
    return res;
  };
  const results = async (query: Record<string, string | number>): Promise<Result[]> => {
    const res = await search(query);
    expect(res.status).toBe(200);
    return res.body.data.results as Result[];
  };
  /** Polls (no fixed sleep) until the answer satisfies `accept`, within `timeoutMs`. */
  const eventually = async <T>(read: () => Promise<T>, accept: (v: T) => boolean, timeoutMs = 15_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    let value = await read();
    while (!accept(value) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      value = await read();
    }
    return value;
  };
  const statusOf = async (path: string): Promise<string | undefined> => {
    const rows: Array<{ status: string }> = await bff.db.query(
      'SELECT t.status FROM document_texts t JOIN documents d ON d.id = t.document_id WHERE d.storage_key = $1',
      [path],
    );
    return rows[0]?.status;
  };

  beforeAll(async () => {
    bff = await startTestBff({ env: { DOCUMENT_TEXT_POLL_MS: '100', SEARCH_RATE_LIMIT: '0' } });
    admin = await signInAdmin(bff);
    physics = await createSubject(bff, admin, { name: 'Physics', code: '9702', level: 'cambridge-a-levels' });
    chemistry = await createSubject(bff, admin, { name: 'Chemistry', code: '9701', level: 'cambridge-a-levels' });
    const qp = async (name: string, pages: string[]) => ({ bytes: await pagedPdf(pages), name });
    summer23 = await createPaper(
      physics.id,
      2023,
      'May/June',
      [
        { name: 'Paper 11', version: 11 },
        { name: 'Paper 12', version: 12 },
      ],
      {
        variant_0_document_path: await qp('9702_s23_qp_11.pdf', ['Physics paper 11 cover', 'Kinematics questions']),
        variant_1_document_path: await qp('9702_s23_qp_12.pdf', [
          'Physics paper 12 cover page',
          'Question 3: a zwitterionic molecule moves through an electric field. Calculate its drift velocity.',
          'Question 4: waves',
        ]),
        variant_1_mark_scheme_path: await qp('9702_s23_ms_12.pdf', ['Mark scheme 12', 'drift velocity B1']),
      },
    );
    winter22 = await createPaper(physics.id, 2022, 'Oct/Nov', [{ name: 'Paper 42', version: 42 }], {
      variant_0_document_path: await qp('9702_w22_qp_42.pdf', ['Physics paper 42', 'Thermal physics']),
      variant_0_mark_scheme_path: await qp('9702_w22_ms_42.pdf', ['Mark scheme 42', 'specific heat capacity M1']),
    });
    await createPaper(chemistry.id, 2023, 'May/June', [{ name: 'Paper 12', version: 12 }], {
      variant_0_document_path: await qp('9701_s23_qp_12.pdf', ['Chemistry paper 12', 'Electrolysis of brine']),
    });
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('finds a rare word inside a document within seconds, on its page, with a highlighted snippet', async () => {
    const hits = await eventually(
      () => results({ q: 'zwitterionic' }),
      (r) => r.length > 0,
    );
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      paper_id: summer23.id,
      variant_id: summer23.variants[1]!.id,
      variant_name: 'Paper 12',
      document_type: 'question-paper',
      page: 2,
      subject_name: 'Physics',
      year: 2023,
      session: 'May/June',
    });
    expect(hits[0]!.snippet).toContain('<mark>zwitterionic</mark>');
    expect(hits[0]!.file_url).toBe(
      `/past_papers.php?download_variant_id=${summer23.variants[1]!.id}&variant_document_type=document&inline=1`,
    );
    // Every document of the papers is read (in the background, each once).
    await eventually(
      async () => (await bff.db.query(`SELECT count(*)::int AS n FROM document_texts WHERE status <> 'done'`))[0].n,
      (n: number) => n === 0,
    );
  });

  it.each([
    ['9702_s23_qp_12', 'question-paper'],
    ['9702 s23 12', 'question-paper'],
    ['9702/12/M/J/23', 'question-paper'],
    ['9702 s23 ms 12', 'mark-scheme'],
  ])('reads the reference %j as the right paper and variant', async (q, type) => {
    const res = await search({ q });
    expect(res.status).toBe(200);
    const found = res.body.data.results as Result[];
    expect(found[0]).toMatchObject({
      paper_id: summer23.id,
      variant_name: 'Paper 12',
      document_type: type,
      page: null,
    });
    expect(found.every((r) => r.paper_id === summer23.id && r.variant_name === 'Paper 12')).toBe(true);
    expect(res.body.data.interpreted).toMatchObject({
      subjects: [{ code: '9702', name: 'Physics' }],
      year: 2023,
      session: 'May/June',
      paper: 1,
      variant: 2,
      variant_name: 'Paper 12',
      relaxed: [],
    });
  });

  it('reads 9702 w22 ms 42 as the Oct/Nov 2022 mark scheme', async () => {
    const found = await results({ q: '9702 w22 ms 42' });
    expect(found).toEqual([
      expect.objectContaining({ paper_id: winter22.id, document_type: 'mark-scheme', variant_name: 'Paper 42' }),
    ]);
  });

  it('drops the parts of a reference nothing matches, and says so', async () => {
    const res = await search({ q: '9702 s23 qp 13' });
    expect(res.body.data.interpreted.relaxed).toEqual(['paper']);
    const found = res.body.data.results as Result[];
    expect(new Set(found.map((r) => r.variant_name))).toEqual(new Set(['Paper 11', 'Paper 12']));
  });

  it('reads a typo as the subject it resembles (trigram similarity): "phsyics" finds Physics', async () => {
    const res = await search({ q: 'phsyics' });
    expect(res.status).toBe(200);
    expect(res.body.data.interpreted.corrections).toEqual([{ from: 'phsyics', to: 'Physics' }]);
    const found = res.body.data.results as Result[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.subject_name === 'Physics')).toBe(true);
    expect((await results({ q: 'chemestry 2023' })).map((r) => r.subject_name)).toEqual(['Chemistry']);
  });

  it('answers facets over every match and pages through them', async () => {
    const all = await search({ q: 'physics' });
    expect(all.body.data.total).toBe(5);
    expect(all.body.data.facets.years).toEqual([
      { value: '2023', label: '2023', count: 3 },
      { value: '2022', label: '2022', count: 2 },
    ]);
    expect(all.body.data.facets.document_types).toEqual([
      { value: 'question-paper', label: 'question-paper', count: 3 },
      { value: 'mark-scheme', label: 'mark-scheme', count: 2 },
    ]);
    // Grouped by paper: the newest paper's documents first, together.
    expect((all.body.data.results as Result[]).map((r) => r.paper_id)).toEqual([
      summer23.id,
      summer23.id,
      summer23.id,
      winter22.id,
      winter22.id,
    ]);
    const second = await search({ q: 'physics', limit: 2, page: 2 });
    expect(second.body.data).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect((second.body.data.results as Result[]).map((r) => r.paper_id)).toEqual([summer23.id, winter22.id]);
    const filtered = await results({ q: 'physics', year: 2022, type: 'mark-scheme' });
    expect(filtered).toEqual([expect.objectContaining({ paper_id: winter22.id, document_type: 'mark-scheme' })]);
    const level = await search({ q: 'a level', subject: '9701' });
    expect((level.body.data.results as Result[]).map((r) => r.subject_name)).toEqual(['Chemistry']);
  });

  it('answers SQL-special characters, markup and 1,000-character queries with 200 or 400, never 500', async () => {
    const hostile = [
      "'; DROP TABLE subjects; --",
      "%' OR 1=1 --",
      '%_\\%',
      'physics & !(mark | scheme):*',
      '"unclosed',
      "<script>alert('x')</script>",
      '\\x00\\',
      '$1 $$ ::tsquery',
      'ü'.repeat(200),
      '9702 '.repeat(40),
    ];
    for (const q of hostile) {
      const res = await search({ q });
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
      expect(res.body.data).toHaveProperty('results');
    }
    for (const q of ['a'.repeat(1000), 'physics '.repeat(125), "'".repeat(1000)]) {
      const res = await search({ q });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: 'Invalid q' });
    }
    expect((await search({ q: 'x', page: 0 })).status).toBe(400);
    expect((await search({ q: 'x', limit: 51 })).status).toBe(400);
    expect((await search({ q: 'x', type: 'poster' })).status).toBe(400);
    expect(await bff.db.query('SELECT count(*)::int AS n FROM subjects')).toEqual([{ n: 2 }]);
  });

  it('marks a PDF it cannot parse as failed, without retrying it, and goes on with later documents', async () => {
    const paper = await createPaper(chemistry.id, 2021, 'Oct/Nov', [{ name: 'Paper 22', version: 22 }], {
      variant_0_document_path: { bytes: BROKEN_PDF, name: 'broken.pdf' },
    });
    const later = await createPaper(chemistry.id, 2020, 'Oct/Nov', [{ name: 'Paper 21', version: 21 }], {
      variant_0_document_path: {
        bytes: await pagedPdf(['Chemistry 2020', 'The quasicrystal lattice']),
        name: 'ok.pdf',
      },
    });
    const brokenPath = (
      await bff.db.query(`SELECT document_path FROM ${VARIANTS_WITH_COUNTERS} WHERE past_paper_id = $1`, [paper.id])
    )[0].document_path as string;
    expect(
      await eventually(
        () => statusOf(brokenPath),
        (s) => s === 'failed',
      ),
    ).toBe('failed');
    const [failed] = await bff.db.query(
      `SELECT t.attempts, t.last_error FROM document_texts t JOIN documents d ON d.id = t.document_id
        WHERE d.storage_key = $1`,
      [brokenPath],
    );
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/\S/);
    const found = await eventually(
      () => results({ q: 'quasicrystal' }),
      (r) => r.length > 0,
    );
    expect(found).toEqual([expect.objectContaining({ paper_id: later.id, page: 2 })]);
  });

  it('finds a mark scheme added on its own (linked by code, year and session)', async () => {
    const res = await form(
      bff.http().post(`${API}/mark_schemes.php`).set(bearer(admin.token)),
      { subject: 'Physics', code: '9702', year: '2022', session: 'Oct/Nov', paperNumber: '42' },
      { markSchemeFile: { bytes: await pagedPdf(['Marking guidance', 'Accept thermistor or LDR']), name: 'ms.pdf' } },
    ).expect(201);
    const found = await eventually(
      () => results({ q: 'thermistor' }),
      (r) => r.length > 0,
    );
    expect(found).toEqual([
      expect.objectContaining({
        paper_id: winter22.id,
        variant_id: null,
        variant_name: 'Paper 42',
        linked_document_id: res.body.data.id,
        document_type: 'mark-scheme',
        page: 2,
        file_url: `/mark_schemes.php?download_id=${res.body.data.id}&inline=1`,
      }),
    ]);
  });

  it('drops a document from search when its file is replaced or it is deleted', async () => {
    // Replace Paper 12's question paper: the old file's words go at once, the new file's come.
    const replaced = await form(
      bff.http().post(`${API}/past_papers.php`).set(bearer(admin.token)),
      {
        _method: 'PUT',
        id: String(summer23.id),
        subject_id: String(physics.id),
        year: '2023',
        session: 'May/June',
        code: 'x',
        level: 'x',
        subject: 'x',
        variants: JSON.stringify(
          summer23.variants.map((v, i) => ({ id: v.id, name: v.name, slug: `paper-${i}`, version: i === 0 ? 11 : 12 })),
        ),
      },
      { variant_1_document_path: { bytes: await pagedPdf(['New cover', 'Photoelectric threshold']), name: 'new.pdf' } },
    );
    expect(replaced.status).toBe(200);
    expect(await results({ q: 'zwitterionic' })).toEqual([]);
    await eventually(
      () => results({ q: 'photoelectric' }),
      (r) => r.length > 0,
    );
    await bff.http().delete(`${API}/past_papers.php?id=${summer23.id}`).set(bearer(admin.token)).expect(200);
    expect(await results({ q: 'photoelectric' })).toEqual([]);
    const left: Array<{ n: number }> = await bff.db.query(
      `SELECT count(*)::int AS n FROM document_texts d WHERE d.variant_id = ANY($1)`,
      [summer23.variants.map((v) => v.id)],
    );
    expect(left).toEqual([{ n: 0 }]);
  });

  it('answers a reference to a paper that exists in one statement, one that needs relaxing in three', async () => {
    // Search sends its statements on a client of the driver's pool (search-database.ts); other clients (the text
    // worker's) are told apart by their SQL.
    const spy = jest.spyOn(Client.prototype, 'query');
    const searchStatements = () =>
      spy.mock.calls.filter(([sql]) => typeof sql === 'string' && /AS (answer|relax)\b|numnode\(|% w\.typed/.test(sql))
        .length;
    const found = await search({ q: '9701_s23_qp_12' });
    const firstCount = searchStatements();
    const relaxed = await search({ q: '9701 s23 qp 13' });
    const secondCount = searchStatements() - firstCount;
    spy.mockRestore();
    expect(found.body.data).toMatchObject({ total: 1, interpreted: { relaxed: [] } });
    expect(firstCount).toBe(1);
    // Nothing is Paper 13: one statement finds which of the four parts (paper, type, session, year) to leave out
    // first, one more answers without it.
    expect(relaxed.body.data.interpreted.relaxed).toEqual(['paper']);
    expect(relaxed.body.data.results).toEqual([expect.objectContaining({ variant_name: 'Paper 12' })]);
    expect(secondCount).toBe(3);
  });

  it('keeps every document placed as papers, variants, mark schemes and subject codes change', async () => {
    const biology = await createSubject(bff, admin, { name: 'Biology', code: '9700', level: 'cambridge-a-levels' });
    const page = async (text: string) => ({ bytes: await pagedPdf(['Biology', text]), name: 'b.pdf' });
    // A mark scheme stored on its own before its paper exists has no paper to be placed on: not found yet.
    await form(
      bff.http().post(`${API}/mark_schemes.php`).set(bearer(admin.token)),
      { subject: 'Biology', code: '9700', year: '2019', session: 'May/June', paperNumber: '21' },
      { markSchemeFile: await page('Accept mitochondrion') },
    ).expect(201);
    expect(await results({ q: '9700 s19' })).toEqual([]);
    const paper = await createPaper(biology.id, 2019, 'May/June', [{ name: 'Paper 21', version: 21 }], {
      variant_0_document_path: await page('Describe the mitochondrion'),
    });
    const kinds = async (q: string) =>
      (await results({ q })).map((r) => `${r.year} ${r.variant_name} ${r.document_type}`);
    expect(await kinds('9700 s19')).toEqual(['2019 Paper 21 question-paper', '2019 Paper 21 mark-scheme']);

    // The subject's code decides which papers its stand-alone mark schemes belong to.
    const setCode = (code: string) =>
      bff
        .http()
        .put(`${API}/subjects.php?id=${biology.id}`)
        .set(bearer(admin.token))
        .send({ name: 'Biology', code, level: 'cambridge-a-levels' })
        .expect(200);
    await setCode('9790');
    expect(await kinds('9790 s19')).toEqual(['2019 Paper 21 question-paper']);
    await setCode('9700');
    expect(await kinds('9700 s19 ms')).toEqual(['2019 Paper 21 mark-scheme']);

    // The paper moves to Oct/Nov 2018 and its variant becomes Paper 23: found there, under its new name.
    await form(bff.http().post(`${API}/past_papers.php`).set(bearer(admin.token)), {
      _method: 'PUT',
      id: String(paper.id),
      subject_id: String(biology.id),
      year: '2018',
      session: 'Oct/Nov',
      code: 'x',
      level: 'x',
      subject: 'x',
      variants: JSON.stringify([{ id: paper.variants[0]!.id, name: 'Paper 23', slug: 'paper-23', version: 23 }]),
    }).expect(200);
    expect(await kinds('9700 w18 23')).toEqual(['2018 Paper 23 question-paper']);
    // The mark scheme says May/June 2019: no paper of that sitting is left to place it on.
    expect(await results({ q: '9700', type: 'mark-scheme' })).toEqual([]);
  });

  it('suggests a correction when nothing matches', async () => {
    const res = await search({ q: 'quasicrystel' });
    expect(res.body.data.total).toBe(0);
    expect(res.body.data.suggestions).toEqual(['quasicrystal']);
  });
});
