import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Test } from 'supertest';
import { API, bearer, createSubject, signInAdmin, uploadedFiles, writeState, type SignedIn } from './support/api';
import { docBytes, docxBytes, pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

type Files = Record<string, { bytes: Buffer; name: string }>;

describe('past_papers.php writes', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let subject: { id: number; code: string; name: string };
  const maxYear = new Date().getFullYear() + 5;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
    subject = await createSubject(bff, admin, { name: 'Physics', code: '0625', level: 'cambridge-igcse' });
  });
  afterAll(async () => {
    await bff?.close();
  });

  function form(req: Test, fields: Record<string, string | undefined>, files: Files = {}): Test {
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) req.field(k, v);
    for (const [field, file] of Object.entries(files)) req.attach(field, file.bytes, file.name);
    return req;
  }
  const post = (fields: Record<string, string | undefined>, files: Files = {}) =>
    form(bff.http().post(`${API}/past_papers.php`).set(bearer(admin.token)), fields, files);
  const paperFields = (overrides: Record<string, string | undefined> = {}) => ({
    subject_id: String(subject.id),
    year: '2024',
    session: 'May/June',
    code: 'ignored',
    level: 'ignored',
    subject: 'ignored',
    variants: JSON.stringify([{ name: 'Paper 1', slug: 'paper-1', version: 1 }]),
    ...overrides,
  });
  const doc = (name = 'paper.pdf', bytes = pdfBytes()) => ({ bytes, name });

  it('creates a paper with variants and their three documents (201), stored under generated names', async () => {
    const before = uploadedFiles(bff);
    const res = await post(
      paperFields({
        variants: JSON.stringify([
          { name: 'Paper 1', slug: 'paper-1', version: 1 },
          { name: 'Paper 2 Extended', version: '2' },
        ]),
      }),
      {
        variant_0_document_path: doc('q1.pdf'),
        variant_0_mark_scheme_path: doc('ms1.docx', docxBytes()),
        variant_0_examiner_report_path: doc('er1.doc', docBytes()),
        variant_1_document_path: doc('../../etc/passwd.pdf'),
      },
    ).expect(201);
    const paper = res.body.data;
    expect(paper).toMatchObject({
      subject_id: subject.id,
      subject: 'Physics',
      subject_name: 'Physics',
      subject_code: '0625',
      subject_level: 'cambridge-igcse',
      code: '0625',
      level: 'cambridge-igcse',
      year: 2024,
      session: 'May/June',
    });
    expect(paper.variants).toHaveLength(2);
    const [v1, v2] = paper.variants;
    expect(v1).toMatchObject({
      name: 'Paper 1',
      slug: 'paper-1',
      version: 1,
      downloads: 0,
      document_downloads: 0,
      mark_scheme_downloads: 0,
      examiner_report_downloads: 0,
    });
    expect(v1.document_path).toMatch(/^papers\/[0-9a-f-]{36}\.pdf$/);
    expect(v1.mark_scheme_path).toMatch(/^mark-schemes\/[0-9a-f-]{36}\.docx$/);
    expect(v1.examiner_report_path).toMatch(/^examiner-reports\/[0-9a-f-]{36}\.doc$/);
    expect(v1.document_size).toBe(pdfBytes().length);
    expect(v2).toMatchObject({
      name: 'Paper 2 Extended',
      slug: 'paper-2-extended',
      version: 2,
      mark_scheme_path: null,
      examiner_report_path: null,
    });
    expect(v2.document_path).toMatch(/^papers\/[0-9a-f-]{36}\.pdf$/);
    expect(uploadedFiles(bff)).toEqual(
      [...before, v1.document_path, v1.mark_scheme_path, v1.examiner_report_path, v2.document_path].sort(),
    );
    expect(readFileSync(join(bff.config.uploadDir, v1.document_path))).toEqual(pdfBytes());
    expect(uploadedFiles(bff).some((f) => f.includes('passwd'))).toBe(false);
    const [entry] = await bff.db.query(
      `SELECT description FROM audit_log WHERE entity_type = 'past_paper' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry.description).toBe('Created past paper Physics (0625) May/June 2024');
  });

  describe('validation (400 with the spec message, nothing stored)', () => {
    const cases: Array<[string, Record<string, string | undefined>, Files, string]> = [
      ['no subject', { subject_id: undefined }, { variant_0_document_path: doc() }, 'Subject is required'],
      ['an empty subject', { subject_id: '' }, { variant_0_document_path: doc() }, 'Subject is required'],
      ['an unknown subject', { subject_id: '99999' }, { variant_0_document_path: doc() }, 'Invalid subject selected'],
      ['a junk subject', { subject_id: 'abc' }, { variant_0_document_path: doc() }, 'Invalid subject selected'],
      ['no session', { session: undefined }, { variant_0_document_path: doc() }, 'Session is required'],
      [
        'an undocumented session',
        { session: 'Winter' },
        { variant_0_document_path: doc() },
        'Session must be Feb/March, May/June or Oct/Nov',
      ],
      ['no year', { year: undefined }, { variant_0_document_path: doc() }, `Year must be between 2000 and ${maxYear}.`],
      ['year 1999', { year: '1999' }, { variant_0_document_path: doc() }, `Year must be between 2000 and ${maxYear}.`],
      [
        'a year past the bound',
        { year: String(maxYear + 1) },
        { variant_0_document_path: doc() },
        `Year must be between 2000 and ${maxYear}.`,
      ],
      [
        'a junk year',
        { year: '20x4' },
        { variant_0_document_path: doc() },
        `Year must be between 2000 and ${maxYear}.`,
      ],
      ['no variants', { variants: undefined }, {}, 'You cannot remove all variants. At least one variant is required.'],
      [
        'an empty variant list',
        { variants: '[]' },
        {},
        'You cannot remove all variants. At least one variant is required.',
      ],
      [
        'variants that are not JSON',
        { variants: '{oops' },
        { variant_0_document_path: doc() },
        'Variants must be a JSON list',
      ],
      [
        'a variant without a name',
        { variants: JSON.stringify([{ name: ' ', version: 1 }]) },
        { variant_0_document_path: doc() },
        'Variant 1 name is required',
      ],
      [
        'a second variant without a version',
        { variants: JSON.stringify([{ name: 'Paper 1', version: 1 }, { name: 'Paper 2' }]) },
        { variant_0_document_path: doc(), variant_1_document_path: doc() },
        'Variant 2 version is required',
      ],
      ['a variant without a document', {}, {}, 'Variant 1 requires a past paper document'],
      [
        'only a mark scheme for the variant',
        {},
        { variant_0_mark_scheme_path: doc() },
        'Variant 1 requires a past paper document',
      ],
      [
        'an HTML file named .pdf',
        {},
        { variant_0_document_path: doc('paper.pdf', Buffer.from('<html><script>alert(1)</script></html>')) },
        'Please select a valid file type (PDF, DOC, DOCX)',
      ],
      [
        'a PDF named .exe',
        {},
        { variant_0_document_path: doc('paper.exe') },
        'Please select a valid file type (PDF, DOC, DOCX)',
      ],
      [
        'a PDF named .docx',
        {},
        { variant_0_document_path: doc(), variant_0_mark_scheme_path: doc('ms.docx') },
        'Please select a valid file type (PDF, DOC, DOCX)',
      ],
      [
        'a file for a variant that is not listed',
        {},
        { variant_0_document_path: doc(), variant_3_document_path: doc() },
        'Unexpected file field variant_3_document_path',
      ],
    ];

    it.each(cases)('%s', async (_label, overrides, files, message) => {
      const before = await writeState(bff);
      const res = await post(paperFields(overrides), files).expect(400);
      expect(res.body.error).toBe(message);
      expect(await writeState(bff)).toEqual(before);
    });

    it('reports every failing field, the first as error', async () => {
      const res = await post({ variants: JSON.stringify([{ name: 'Paper 1', version: 1 }]) }).expect(400);
      expect(res.body).toEqual({
        error: 'Subject is required',
        errors: {
          subject_id: 'Subject is required',
          session: 'Session is required',
          year: `Year must be between 2000 and ${maxYear}.`,
        },
      });
    });

    it('rejects an unexpected file field name', async () => {
      const before = await writeState(bff);
      const res = await post(paperFields(), { variant_0_document_path: doc(), evil: doc() }).expect(400);
      expect(res.body).toEqual({ error: 'Unexpected file field evil' });
      expect(await writeState(bff)).toEqual(before);
    });

    it('answers the spec message for a body that is not multipart (create and edit)', async () => {
      const create = await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .send(paperFields())
        .expect(400);
      expect(create.body).toEqual({
        error: 'Error: Invalid data submitted from form (create). Expected FormData instance.',
      });
      const edit = await bff
        .http()
        .post(`${API}/past_papers.php?id=1`)
        .set(bearer(admin.token))
        .send({ ...paperFields(), _method: 'PUT' })
        .expect(400);
      expect(edit.body).toEqual({
        error: 'Error: Invalid data submitted from form (edit). Expected FormData instance.',
      });
      const put = await bff
        .http()
        .put(`${API}/past_papers.php?id=1`)
        .set(bearer(admin.token))
        .send(paperFields())
        .expect(400);
      expect(put.body.error).toBe('Error: Invalid data submitted from form (edit). Expected FormData instance.');
    });

    it('answers 400 for a malformed multipart body', async () => {
      const res = await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="year"\r\n\r\n2024\r\n--xy');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Malformed multipart body' });
    });
  });

  it('answers 413 with the maxFileSize setting in the message and stores nothing', async () => {
    await bff.db.query('UPDATE site_settings SET max_file_size = 1');
    try {
      const before = await writeState(bff);
      const big = Buffer.concat([pdfBytes(), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
      const res = await post(paperFields(), {
        variant_0_mark_scheme_path: doc('ms.pdf'),
        variant_0_document_path: doc('big.pdf', big),
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'File size must be less than 1MB' });
      expect(await writeState(bff)).toEqual(before);
    } finally {
      await bff.db.query('UPDATE site_settings SET max_file_size = 10');
    }
  });

  it('leaves no row and no file behind when the database fails in the middle of a create', async () => {
    await bff.db.query(`
      CREATE OR REPLACE FUNCTION fail_on_boom() RETURNS trigger AS $$
      BEGIN IF NEW.name = 'boom' THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await bff.db.query(
      `CREATE TRIGGER variants_boom BEFORE INSERT OR UPDATE ON variants FOR EACH ROW EXECUTE FUNCTION fail_on_boom()`,
    );
    try {
      const before = await writeState(bff);
      const res = await post(
        paperFields({
          variants: JSON.stringify([
            { name: 'Paper 1', version: 1 },
            { name: 'boom', version: 2 },
          ]),
        }),
        {
          variant_0_document_path: doc(),
          variant_0_mark_scheme_path: doc(),
          variant_1_document_path: doc(),
        },
      );
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'Internal server error', requestId: expect.anything() });
      expect(JSON.stringify(res.body)).not.toContain('simulated');
      expect(await writeState(bff)).toEqual(before);
    } finally {
      await bff.db.query('DROP TRIGGER variants_boom ON variants');
    }
  });

  describe('updates', () => {
    let paper: {
      id: number;
      updated_at: string;
      variants: Array<{
        id: number;
        document_path: string;
        mark_scheme_path: string | null;
        examiner_report_path: string | null;
      }>;
    };

    beforeEach(async () => {
      paper = (
        await post(
          paperFields({
            variants: JSON.stringify([
              { name: 'Paper 1', version: 1 },
              { name: 'Paper 2', version: 2 },
            ]),
          }),
          {
            variant_0_document_path: doc(),
            variant_0_mark_scheme_path: doc(),
            variant_0_examiner_report_path: doc(),
            variant_1_document_path: doc(),
            variant_1_mark_scheme_path: doc(),
          },
        ).expect(201)
      ).body.data;
    });

    const update = (fields: Record<string, string | undefined>, files: Files = {}) =>
      form(
        bff.http().post(`${API}/past_papers.php?id=${paper.id}`).set(bearer(admin.token)),
        { ...fields, _method: 'PUT', id: String(paper.id) },
        files,
      );

    it('keeps files without new uploads, replaces a document (the old file goes after commit), removes a mark scheme on request', async () => {
      const [v1, v2] = paper.variants;
      const res = await update(
        paperFields({
          year: '2023',
          session: 'Oct/Nov',
          variants: JSON.stringify([
            { id: v1!.id, name: 'Paper 1', version: 1 },
            { id: v2!.id, name: 'Paper Two', slug: '', version: 2 },
          ]),
          variant_0_remove_mark_scheme: '1',
        }),
        { variant_1_document_path: doc('new.docx', docxBytes()) },
      ).expect(200);
      const [n1, n2] = res.body.data.variants;
      expect(res.body.data).toMatchObject({ id: paper.id, year: 2023, session: 'Oct/Nov' });
      expect(new Date(res.body.data.updated_at).getTime()).toBeGreaterThan(new Date(paper.updated_at).getTime());
      expect(n1).toMatchObject({
        id: v1!.id,
        document_path: v1!.document_path,
        mark_scheme_path: null,
        examiner_report_path: v1!.examiner_report_path,
      });
      expect(n2).toMatchObject({
        id: v2!.id,
        name: 'Paper Two',
        slug: 'paper-two',
        mark_scheme_path: v2!.mark_scheme_path,
      });
      expect(n2.document_path).toMatch(/\.docx$/);
      const files = uploadedFiles(bff);
      expect(files).not.toContain(v1!.mark_scheme_path);
      expect(files).not.toContain(v2!.document_path);
      expect(files).toEqual(
        expect.arrayContaining([v1!.document_path, v1!.examiner_report_path, n2.document_path, v2!.mark_scheme_path]),
      );
    });

    it('adds new variants and deletes the ones left out, with their files; a real PUT works too', async () => {
      const [v1, v2] = paper.variants;
      const res = await form(
        bff.http().put(`${API}/past_papers.php?id=${paper.id}`).set(bearer(admin.token)),
        paperFields({
          variants: JSON.stringify([
            { id: v2!.id, name: 'Paper 2', version: 2 },
            { name: 'Paper 3', version: 3 },
          ]),
        }),
        { variant_1_document_path: doc() },
      ).expect(200);
      expect(res.body.data.variants.map((v: { name: string }) => v.name)).toEqual(['Paper 2', 'Paper 3']);
      const files = uploadedFiles(bff);
      for (const gone of [v1!.document_path, v1!.mark_scheme_path, v1!.examiner_report_path])
        expect(files).not.toContain(gone);
      expect(await bff.db.query('SELECT id FROM variants WHERE id = $1', [v1!.id])).toEqual([]);
    });

    it('answers 409 (changed meanwhile) for a variant another save has just deleted, changing nothing', async () => {
      const deleted = (await post(paperFields(), { variant_0_document_path: doc() }).expect(201)).body.data;
      await bff.db.query('DELETE FROM variants WHERE id = $1', [deleted.variants[0].id]); // the other admin's save
      const before = await writeState(bff);
      const res = await update(
        paperFields({ variants: JSON.stringify([{ id: deleted.variants[0].id, name: 'Paper 1', version: 1 }]) }),
        { variant_0_document_path: doc() },
      ).expect(409);
      expect(res.body.error).toBe('This past paper was changed meanwhile. Please reload it and try again.');
      expect(await writeState(bff)).toEqual(before);
    });

    it('rejects a variant id of another paper, and a failed update changes nothing', async () => {
      const other = (await post(paperFields(), { variant_0_document_path: doc() }).expect(201)).body.data;
      const before = await writeState(bff);
      const res = await update(
        paperFields({ variants: JSON.stringify([{ id: other.variants[0].id, name: 'Stolen', version: 1 }]) }),
        {
          variant_0_mark_scheme_path: doc(),
        },
      ).expect(400);
      expect(res.body.error).toBe('Variant 1 is not a variant of this past paper');
      expect(await writeState(bff)).toEqual(before);
      const bad = await update(paperFields({ variants: '[]' }), { variant_0_document_path: doc() }).expect(400);
      expect(bad.body.error).toBe('You cannot remove all variants. At least one variant is required.');
      expect(await writeState(bff)).toEqual(before);
      const reread = (await bff.http().get(`${API}/past_papers.php?id=${paper.id}`).expect(200)).body.data;
      expect(reread.variants.map((v: { document_path: string }) => v.document_path)).toEqual(
        paper.variants.map((v) => v.document_path),
      );
    });

    it('a database failure during an update keeps the old rows and files and removes the new files', async () => {
      await bff.db.query(`
        CREATE OR REPLACE FUNCTION fail_on_boom() RETURNS trigger AS $$
        BEGIN IF NEW.name = 'boom' THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
      await bff.db.query(
        `CREATE TRIGGER variants_boom BEFORE INSERT OR UPDATE ON variants FOR EACH ROW EXECUTE FUNCTION fail_on_boom()`,
      );
      try {
        const before = await writeState(bff);
        const [v1, v2] = paper.variants;
        const res = await update(
          paperFields({
            variants: JSON.stringify([
              { id: v1!.id, name: 'Paper 1', version: 1 },
              { id: v2!.id, name: 'boom', version: 2 },
            ]),
          }),
          { variant_0_document_path: doc() },
        );
        expect(res.status).toBe(500);
        expect(await writeState(bff)).toEqual(before);
      } finally {
        await bff.db.query('DROP TRIGGER variants_boom ON variants');
      }
    });

    it('answers 404 for an unknown paper and 400 for a missing id', async () => {
      const res = await form(
        bff.http().post(`${API}/past_papers.php`).set(bearer(admin.token)),
        { ...paperFields(), _method: 'PUT', id: '999999' },
        { variant_0_document_path: doc() },
      );
      expect([res.status, res.body]).toEqual([404, { error: 'Past paper not found' }]);
      const noId = await form(
        bff.http().post(`${API}/past_papers.php`).set(bearer(admin.token)),
        { ...paperFields(), _method: 'PUT' },
        { variant_0_document_path: doc() },
      );
      expect([noId.status, noId.body]).toEqual([400, { error: 'Invalid id', errors: { id: 'Invalid id' } }]);
    });

    it('deletes the paper with its variants, examiner reports and their files; linked mark schemes stay, unlinked', async () => {
      const [{ id: reportId }] = await bff.db.query(
        `WITH d AS (INSERT INTO documents (kind, past_paper_id, storage_key)
                    VALUES ('examiner-report', $1, 'examiner-reports/00000000-0000-0000-0000-000000000001.pdf') RETURNING id)
         INSERT INTO examiner_reports (past_paper_id, paper_number, summary, document_id)
         SELECT $1, '1', 'S', id FROM d RETURNING id`,
        [paper.id],
      );
      const [{ id: msId }] = await bff.db.query(
        `WITH d AS (INSERT INTO documents (kind, past_paper_id, storage_key)
                    VALUES ('mark-scheme', $1, 'mark-schemes/00000000-0000-0000-0000-000000000002.pdf') RETURNING id)
         INSERT INTO mark_schemes (subject, code, paper_number, year, session, past_paper_id, document_id)
         SELECT 'P', 'C', '1', 2024, 'May/June', $1, id FROM d RETURNING id`,
        [paper.id],
      );
      const res = await bff.http().delete(`${API}/past_papers.php?id=${paper.id}`).set(bearer(admin.token)).expect(200);
      expect(res.body).toEqual({ success: true });
      const files = uploadedFiles(bff);
      for (const v of paper.variants)
        for (const p of [v.document_path, v.mark_scheme_path, v.examiner_report_path])
          if (p) expect(files).not.toContain(p);
      expect(await bff.db.query('SELECT id FROM examiner_reports WHERE id = $1', [reportId])).toEqual([]);
      // The report's document went with it; the mark scheme's stays, on no paper.
      expect(
        await bff.db.query(`SELECT kind, past_paper_id FROM documents WHERE storage_key LIKE '%-000000000001.pdf'
                                    OR storage_key LIKE '%-000000000002.pdf'`),
      ).toEqual([{ kind: 'mark-scheme', past_paper_id: null }]);
      expect(await bff.db.query('SELECT past_paper_id FROM mark_schemes WHERE id = $1', [msId])).toEqual([
        { past_paper_id: null },
      ]);
      await bff.http().get(`${API}/past_papers.php?id=${paper.id}`).expect(404);
      await bff.http().delete(`${API}/past_papers.php?id=${paper.id}`).set(bearer(admin.token)).expect(404);
      const [entry] = await bff.db.query(`SELECT action, entity_id FROM audit_log ORDER BY id DESC LIMIT 1`);
      expect(entry).toEqual({ action: 'delete', entity_id: paper.id });
      expect(existsSync(join(bff.config.uploadDir, paper.variants[0]!.document_path))).toBe(false);
    });
  });
});
