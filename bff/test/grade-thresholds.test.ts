import type { Test } from 'supertest';
import { generatePaper, type GeneratedPaper } from '../src/question-detection/testing/question-papers';
import { API, bearer, countRows, createSubject, createUser, signInAdmin, type SignedIn } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

interface Threshold {
  id: number;
  subject_id: number;
  year: number;
  session: string;
  component: string;
  max_marks: number;
  boundaries: Array<{ grade: string; min_marks: number }>;
  updated_at: string;
}
interface VariantRow {
  id: number;
  name: string;
  duration_minutes: number | null;
  duration_source: 'admin' | 'cover' | null;
}
interface Paper {
  id: number;
  updated_at: string;
  variants: VariantRow[];
}

const LETTERS = [
  { grade: 'A*', min_marks: 70 },
  { grade: 'A', min_marks: 60 },
  { grade: 'B', min_marks: 50 },
  { grade: 'C', min_marks: 40 },
  { grade: 'U', min_marks: 0 },
];

describe('grade thresholds and exam durations', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let subjectId: number;
  let otherSubjectId: number;

  const post = (body: unknown, token = admin.token) =>
    bff
      .http()
      .post(`${API}/grade-thresholds`)
      .set(bearer(token))
      .send(body as object);
  const put = (id: number, body: unknown) =>
    bff
      .http()
      .put(`${API}/grade-thresholds/${id}`)
      .set(bearer(admin.token))
      .send(body as object);
  const valid = (overrides: Record<string, unknown> = {}) => ({
    subject_id: subjectId,
    year: 2023,
    session: 'May/June',
    component: '12',
    max_marks: 80,
    boundaries: LETTERS,
    ...overrides,
  });

  /** A paper with the given variants, each with a small question paper (or the given PDF). */
  const createPaper = async (
    year: number,
    variants: Array<{ name: string; version: number; duration_minutes?: number | string | null }>,
    pdfs: Buffer[] = [],
  ): Promise<Paper> => {
    const req: Test = bff.http().post(`${API}/past_papers.php`).set(bearer(admin.token));
    req.field('subject_id', String(subjectId)).field('year', String(year)).field('session', 'May/June');
    req.field('variants', JSON.stringify(variants.map((v) => ({ slug: '', ...v }))));
    for (const [i, v] of variants.entries()) {
      void req.attach(`variant_${i}_document_path`, pdfs[i] ?? pdfBytes(v.name), `qp_${i}.pdf`);
    }
    const res = await req;
    if (res.status !== 201) throw new Error(`create paper: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as Paper;
  };
  const updatePaper = async (paper: Paper, year: number, variants: Array<Record<string, unknown>>) => {
    const req: Test = bff.http().put(`${API}/past_papers.php`).query({ id: paper.id }).set(bearer(admin.token));
    req.field('subject_id', String(subjectId)).field('year', String(year)).field('session', 'May/June');
    req.field('variants', JSON.stringify(variants));
    return req;
  };
  const paperOf = async (id: number): Promise<Paper> =>
    (await bff.http().get(`${API}/past_papers.php`).query({ id })).body.data as Paper;

  beforeAll(async () => {
    bff = await startTestBff({ env: { DOCUMENT_TEXT_POLL_MS: '100' } });
    admin = await signInAdmin(bff);
    subjectId = (await createSubject(bff, admin, { name: 'Physics' })).id;
    otherSubjectId = (await createSubject(bff, admin, { name: 'Chemistry' })).id;
  });
  afterAll(async () => {
    await bff?.close();
  });

  describe('admin writes', () => {
    it('creates, reads, updates and deletes thresholds, each audit-logged', async () => {
      const auditBefore = await countRows(bff, 'audit_log');
      const created = await post(valid({ component: '  Paper   3 ' }));
      expect(created.status).toBe(201);
      const row = created.body.data as Threshold;
      expect(row).toMatchObject({
        subject_id: subjectId,
        year: 2023,
        session: 'May/June',
        component: 'Paper 3',
        max_marks: 80,
        boundaries: LETTERS,
      });
      const one = await bff.http().get(`${API}/grade-thresholds/${row.id}`);
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(row);

      const changed = await put(row.id, {
        ...valid({ component: 'Paper 3', max_marks: 90 }),
        boundaries: [
          { grade: 'A', min_marks: 75 },
          { grade: 'B', min_marks: 65 },
        ],
        updated_at: row.updated_at,
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({
        max_marks: 90,
        boundaries: [
          { grade: 'A', min_marks: 75 },
          { grade: 'B', min_marks: 65 },
        ],
      });
      const stored: Array<{ max_marks: number }> = await bff.db.query(
        'SELECT max_marks FROM grade_thresholds WHERE id = $1',
        [row.id],
      );
      expect(stored).toEqual([{ max_marks: 90 }]);

      // The version the first form was loaded with is stale now: 409, nothing written.
      const stale = await put(row.id, {
        ...valid({ component: 'Paper 3', max_marks: 70 }),
        updated_at: row.updated_at,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toMatch(/changed by someone else/);
      const staleDelete = await bff
        .http()
        .delete(`${API}/grade-thresholds/${row.id}`)
        .query({ updated_at: row.updated_at })
        .set(bearer(admin.token));
      expect(staleDelete.status).toBe(409);
      expect((await bff.db.query('SELECT max_marks FROM grade_thresholds WHERE id = $1', [row.id]))[0].max_marks).toBe(
        90,
      );

      const removed = await bff.http().delete(`${API}/grade-thresholds/${row.id}`).set(bearer(admin.token));
      expect(removed.status).toBe(200);
      expect((await bff.http().get(`${API}/grade-thresholds/${row.id}`)).status).toBe(404);
      expect((await bff.http().delete(`${API}/grade-thresholds/${row.id}`).set(bearer(admin.token))).status).toBe(404);

      const entries: Array<{ action: string; description: string }> = await bff.db.query(
        `SELECT action, description FROM audit_log WHERE entity_type = 'grade_thresholds' AND entity_id = $1 ORDER BY id`,
        [row.id],
      );
      expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
      expect(entries[0]!.description).toMatch(
        /^Created grade thresholds Physics \(.+\) May\/June 2023 component Paper 3$/,
      );
      expect(await countRows(bff, 'audit_log')).toBe(auditBefore + 3);
    });

    it('refuses a second row for the same subject, series and component (any letter case) with 409', async () => {
      const first = await post(valid({ component: 'P2', year: 2021 }));
      expect(first.status).toBe(201);
      const again = await post(valid({ component: 'p2', year: 2021 }));
      expect(again.status).toBe(409);
      expect(again.body.error).toMatch(
        /^Grade thresholds for Physics \(.+\) May\/June 2021 component p2 already exist/,
      );
      // Another series, component or subject is another row.
      expect((await post(valid({ component: 'P2', year: 2020 }))).status).toBe(201);
      expect((await post(valid({ component: 'P2', year: 2021, subject_id: otherSubjectId }))).status).toBe(201);
      const other = await post(valid({ component: 'P3', year: 2021 }));
      expect(other.status).toBe(201);
      // Renaming a row onto an existing one is the same clash.
      const renamed = await put((other.body.data as Threshold).id, valid({ component: 'P2', year: 2021 }));
      expect(renamed.status).toBe(409);
      const rows: unknown[] = await bff.db.query(
        `SELECT id FROM grade_thresholds WHERE subject_id = $1 AND year = 2021 AND lower(component) = 'p2'`,
        [subjectId],
      );
      expect(rows).toHaveLength(1);
    });

    it.each([
      [
        'boundaries that do not decrease',
        {
          boundaries: [
            { grade: 'A', min_marks: 60 },
            { grade: 'B', min_marks: 60 },
          ],
        },
        'boundaries.1.min_marks',
        'The B boundary (60) must be lower than the A boundary (60)',
      ],
      [
        'a boundary above the maximum',
        { max_marks: 50, boundaries: [{ grade: 'A', min_marks: 51 }] },
        'boundaries.0.min_marks',
        'The A boundary (51) must not be above the maximum mark (50)',
      ],
      [
        'a negative boundary',
        { boundaries: [{ grade: 'A', min_marks: -1 }] },
        'boundaries.0.min_marks',
        'Minimum marks must not be negative',
      ],
      [
        'an unknown grade',
        { boundaries: [{ grade: 'A**', min_marks: 70 }] },
        'boundaries.0.grade',
        'Grade must be one of A*, A, B, C, D, E, F, G, U or 9 to 1',
      ],
      [
        'grades out of order',
        {
          boundaries: [
            { grade: 'B', min_marks: 70 },
            { grade: 'A', min_marks: 60 },
          ],
        },
        'boundaries.1.grade',
        'List the grades from the highest down (A*, A, B … or 9, 8, 7 …), each once',
      ],
      [
        'two scales',
        {
          boundaries: [
            { grade: 'A', min_marks: 70 },
            { grade: '7', min_marks: 60 },
          ],
        },
        'boundaries',
        'Use one grade scale: letters (A* to G) or numbers (9 to 1), not both',
      ],
      ['no boundaries', { boundaries: [] }, 'boundaries', 'Add at least one grade boundary'],
      [
        '13 boundaries',
        { max_marks: 1000, boundaries: Array.from({ length: 13 }, (_, i) => ({ grade: 'A', min_marks: 900 - i })) },
        'boundaries',
        'At most 12 grade boundaries',
      ],
      [
        'boundaries that are not a list',
        { boundaries: 'A:70' },
        'boundaries',
        'Boundaries must be a list of { grade, min_marks }',
      ],
      [
        'a boundary that is not an object',
        { boundaries: [null] },
        'boundaries',
        'Each boundary must be { grade, min_marks }',
      ],
      [
        'a huge mark',
        { boundaries: [{ grade: 'A', min_marks: 1e308 }] },
        'boundaries.0.min_marks',
        'Minimum marks must be a whole number from 0 to 1000',
      ],
      ['a huge maximum', { max_marks: 1e20 }, 'max_marks', 'Maximum mark must be a whole number from 1 to 1000'],
      ['a maximum of 0', { max_marks: 0 }, 'max_marks', 'Maximum mark must be a whole number from 1 to 1000'],
      ['a fractional maximum', { max_marks: 80.5 }, 'max_marks', 'Maximum mark must be a whole number from 1 to 1000'],
      [
        'markup as the component',
        { component: '</script><script>alert(1)</script>' },
        'component',
        'Component must be 1 to 30 letters, digits, spaces, "/", "." or "-" (e.g. 12 or Paper 1)',
      ],
      [
        'a line separator in the component',
        { component: 'Paper\u20281' },
        'component',
        'Component must be 1 to 30 letters, digits, spaces, "/", "." or "-" (e.g. 12 or Paper 1)',
      ],
      ['an empty component', { component: '   ' }, 'component', 'Component is required'],
      ['an unknown session', { session: 'Summer' }, 'session', 'Session must be Feb/March, May/June or Oct/Nov'],
      ['a year out of range', { year: 1999 }, 'year', `Year must be between 2000 and ${new Date().getFullYear() + 5}.`],
      ['an unknown subject', { subject_id: 999_999 }, 'subject_id', 'Invalid subject selected'],
      ['a subject id that is no number', { subject_id: 'physics' }, 'subject_id', 'Invalid subject selected'],
    ])('answers 400 for %s', async (_case, overrides, field, message) => {
      const before = await countRows(bff, 'grade_thresholds');
      const res = await post(valid({ component: 'V1', ...overrides }));
      expect(res.status).toBe(400);
      expect(res.body.errors?.[field]).toBe(message);
      expect(await countRows(bff, 'grade_thresholds')).toBe(before);
    });

    it('refuses a NUL character, a body that is no object, and an unknown id without a 500', async () => {
      const nul = await bff
        .http()
        .post(`${API}/grade-thresholds`)
        .set(bearer(admin.token))
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(valid({ component: 'A\u0000B' })));
      expect(nul.status).toBe(400);
      const list = await post([1, 2, 3]);
      expect(list.status).toBe(400);
      expect(list.body.errors.subject_id).toBe('Subject is required');
      expect((await put(999_999_999, valid())).status).toBe(404);
      expect((await bff.http().put(`${API}/grade-thresholds/abc`).set(bearer(admin.token)).send(valid())).status).toBe(
        400,
      );
      expect((await bff.http().get(`${API}/grade-thresholds/99999999999`)).status).toBe(400);
    });

    it('lets only admins write', async () => {
      expect(
        (
          await bff
            .http()
            .post(`${API}/grade-thresholds`)
            .send(valid({ component: 'W1' }))
        ).status,
      ).toBe(401);
      const user = await createUser(bff, admin, { role: 'user' });
      expect((await post(valid({ component: 'W1' }), user.token)).status).toBe(403);
      expect(await bff.db.query(`SELECT id FROM grade_thresholds WHERE component = 'W1'`)).toEqual([]);
    });
  });

  describe('public reads', () => {
    it("answers a paper variant's component thresholds by name or version, null when there are none", async () => {
      const paper = await createPaper(2019, [
        { name: 'Paper 1', version: 1 },
        { name: 'Paper  2', version: 2 },
        { name: 'Paper 3', version: 3 },
      ]);
      const [v1, v2, v3] = paper.variants;
      await post(valid({ year: 2019, component: '1', max_marks: 40, boundaries: [{ grade: 'A', min_marks: 30 }] }));
      await post(
        valid({ year: 2019, component: 'paper 2', max_marks: 60, boundaries: [{ grade: 'A', min_marks: 45 }] }),
      );
      // Another series and another subject do not count.
      await post(valid({ year: 2018, component: '3' }));
      await post(valid({ year: 2019, component: '3', subject_id: otherSubjectId }));

      const read = (variant: number | string, paperId: number | string = paper.id) =>
        bff.http().get(`${API}/papers/${paperId}/grade-thresholds`).query({ variant });
      const one = await read(v1!.id);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({
        data: {
          year: 2019,
          session: 'May/June',
          component: '1',
          max_marks: 40,
          boundaries: [{ grade: 'A', min_marks: 30 }],
        },
      });
      expect((await read(v2!.id)).body.data).toMatchObject({ component: 'paper 2', max_marks: 60 });
      expect((await read(v3!.id)).body).toEqual({ data: null });

      const other = await createPaper(2017, [{ name: 'Paper 1', version: 1 }]);
      expect((await read(other.variants[0]!.id)).status).toBe(404); // a variant of another paper
      expect((await read(v1!.id, 2_000_000)).status).toBe(404);
      expect((await read('x')).status).toBe(400);
      expect((await bff.http().get(`${API}/papers/${paper.id}/grade-thresholds`)).status).toBe(400);
    });

    it("answers every series of a subject, newest first, and follows an admin's change through the read cache", async () => {
      const subject = await createSubject(bff, admin, { name: 'Biology' });
      const at = (year: number, session: string) => valid({ subject_id: subject.id, year, session, component: '2' });
      const older = (await post(at(2020, 'Oct/Nov'))).body.data as Threshold;
      await post(at(2022, 'Feb/March'));
      await post(at(2022, 'Oct/Nov'));
      const url = `${API}/subjects/${subject.id}/grade-thresholds`;
      const first = await bff.http().get(url);
      expect(first.status).toBe(200);
      expect((first.body.data as Threshold[]).map((t) => `${t.session} ${t.year}`)).toEqual([
        'Oct/Nov 2022',
        'Feb/March 2022',
        'Oct/Nov 2020',
      ]);
      expect((await bff.http().get(url)).headers['x-cache']).toBe('HIT');
      const changed = await put(older.id, { ...at(2020, 'Oct/Nov'), max_marks: 75, updated_at: older.updated_at });
      expect(changed.status).toBe(200);
      const after = await bff.http().get(url);
      expect(after.headers['x-cache']).toBe('MISS');
      expect((after.body.data as Threshold[])[2]!.max_marks).toBe(75);
      expect((await bff.http().get(`${API}/subjects/99999/grade-thresholds`)).status).toBe(404);
      const listed = await bff.http().get(`${API}/grade-thresholds`).query({ subject_id: subject.id });
      expect((listed.body.data as Threshold[]).map((t) => t.id)).toContain(older.id);
    });
  });

  describe('exam durations', () => {
    let generated: GeneratedPaper;
    beforeAll(async () => {
      generated = await generatePaper(2727, { questions: 5 });
    });

    it("reads the duration from the question paper's cover, and an admin's duration wins until it is cleared", async () => {
      const paper = await createPaper(2016, [{ name: 'Paper 4', version: 4 }], [generated.questionPaper.pdf]);
      const expected = generated.spec.durationMinutes;
      expect(paper.variants[0]).toMatchObject({ duration_minutes: null, duration_source: null });
      // The background reading stores the cover's facts with the detection (polled, no fixed sleep).
      const deadline = Date.now() + 60_000;
      let variant = paper.variants[0]!;
      while (variant.duration_source === null && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        variant = (await bff.http().get(`${API}/past_papers.php`).query({ id: paper.id }).set(bearer(admin.token))).body
          .data.variants[0];
      }
      expect(variant).toMatchObject({ duration_minutes: expected, duration_source: 'cover' });

      const v = { id: variant.id, name: 'Paper 4', slug: 'paper-4', version: 4 };
      const set = await updatePaper(paper, 2016, [{ ...v, duration_minutes: 95 }]);
      expect(set.status).toBe(200);
      expect(set.body.data.variants[0]).toMatchObject({ duration_minutes: 95, duration_source: 'admin' });
      // A form that does not name the duration keeps it.
      const kept = await updatePaper(paper, 2016, [v]);
      expect(kept.body.data.variants[0]).toMatchObject({ duration_minutes: 95, duration_source: 'admin' });
      // Emptied: the cover's reading shows again.
      const cleared = await updatePaper(paper, 2016, [{ ...v, duration_minutes: '' }]);
      expect(cleared.body.data.variants[0]).toMatchObject({ duration_minutes: expected, duration_source: 'cover' });
      const stored: Array<{ duration_minutes: number | null }> = await bff.db.query(
        'SELECT duration_minutes FROM variants WHERE id = $1',
        [variant.id],
      );
      expect(stored).toEqual([{ duration_minutes: null }]);
      expect((await paperOf(paper.id)).variants[0]!.duration_minutes).toBe(expected);
    });

    it('takes a duration on create and refuses one outside 1..600 minutes', async () => {
      const paper = await createPaper(2015, [
        { name: 'Paper 1', version: 1, duration_minutes: 75 },
        { name: 'Paper 2', version: 2, duration_minutes: '120' },
      ]);
      expect(paper.variants.map((v) => [v.duration_minutes, v.duration_source])).toEqual([
        [75, 'admin'],
        [120, 'admin'],
      ]);
      for (const bad of [0, 601, -5, 1.5, 'an hour', 1e308, true]) {
        const res = await updatePaper(paper, 2015, [
          { id: paper.variants[0]!.id, name: 'Paper 1', version: 1, duration_minutes: bad },
          { id: paper.variants[1]!.id, name: 'Paper 2', version: 2 },
        ]);
        expect(res.status).toBe(400);
        expect(res.body.errors['variants.0.duration_minutes']).toBe(
          'Variant 1 duration must be a whole number of minutes from 1 to 600, or empty',
        );
      }
      expect((await paperOf(paper.id)).variants[0]!.duration_minutes).toBe(75);
    });
  });
});
