import type { Test } from 'supertest';
import { API, bearer, createSubject, signInAdmin, uploadedFiles, writeState, type SignedIn } from './support/api';
import { docBytes, docxBytes, pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

type Fields = Record<string, string | undefined>;
type Files = Record<string, { bytes: Buffer; name: string }>;

function form(req: Test, fields: Fields, files: Files = {}): Test {
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) req.field(k, v);
  for (const [field, file] of Object.entries(files)) req.attach(field, file.bytes, file.name);
  return req;
}

describe('mark_schemes.php and examiner_reports.php', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let paperId: number;
  const maxYear = new Date().getFullYear() + 10;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
    const subject = await createSubject(bff, admin, { name: 'Chemistry', code: '0620' });
    paperId = (
      await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subject.id))
        .field('year', '2023')
        .field('session', 'Oct/Nov')
        .field('variants', JSON.stringify([{ name: 'Paper 1', version: 1 }]))
        .attach('variant_0_document_path', pdfBytes(), 'q.pdf')
        .expect(201)
    ).body.data.id;
  });
  afterAll(async () => {
    await bff?.close();
  });

  describe('mark schemes', () => {
    const fields = (o: Fields = {}): Fields => ({
      subject: 'Chemistry',
      code: '0620',
      year: '2023',
      session: 'Oct/Nov',
      paperNumber: '21',
      ...o,
    });
    const create = (f: Fields, files: Files = { markSchemeFile: { bytes: pdfBytes(), name: 'ms.pdf' } }) =>
      form(bff.http().post(`${API}/mark_schemes.php`).set(bearer(admin.token)), f, files);

    it('creates one with a file and an optional past paper link, lists it, updates and deletes it', async () => {
      const created = await create(fields({ past_paper_id: String(paperId) })).expect(201);
      const ms = created.body.data;
      expect(ms).toEqual({
        id: expect.any(Number),
        subject: 'Chemistry',
        code: '0620',
        paperNumber: '21',
        year: 2023,
        session: 'Oct/Nov',
        file_url: expect.stringMatching(/^\/files\/mark-schemes\/[0-9a-f-]{36}\.pdf$/),
        file_size: pdfBytes().length,
        file_name: 'ms.pdf', // the upload's own name is kept
        past_paper_id: paperId,
        downloads: 0,
        views: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const oldFile = ms.file_url.replace('/files/', '');
      expect(uploadedFiles(bff)).toContain(oldFile);
      const unlinked = await create(fields({ past_paper_id: '' })).expect(201);
      expect(unlinked.body.data.past_paper_id).toBeNull();

      const list = await bff.http().get(`${API}/mark_schemes.php`).set(bearer(admin.token)).expect(200);
      expect(list.body.data.map((m: { id: number }) => m.id)).toEqual(
        expect.arrayContaining([ms.id, unlinked.body.data.id]),
      );
      expect(
        (await bff.http().get(`${API}/mark_schemes.php?id=${ms.id}`).set(bearer(admin.token)).expect(200)).body.data.id,
      ).toBe(ms.id);

      // Update without a file keeps it (the form sends the current fileUrl).
      const kept = await form(bff.http().post(`${API}/mark_schemes.php`).set(bearer(admin.token)), {
        ...fields({ paperNumber: '22' }),
        _method: 'PUT',
        id: String(ms.id),
        fileUrl: ms.file_url,
      }).expect(200);
      expect(kept.body.data).toMatchObject({ paperNumber: '22', file_url: ms.file_url, past_paper_id: null });
      // A new file replaces it; the old one is removed after the commit.
      const replaced = await form(
        bff.http().post(`${API}/mark_schemes.php`).set(bearer(admin.token)),
        { ...fields(), _method: 'PUT', id: String(ms.id) },
        {
          markSchemeFile: { bytes: docBytes(), name: 'ms.doc' },
        },
      ).expect(200);
      expect(replaced.body.data.file_url).toMatch(/\.doc$/);
      expect(uploadedFiles(bff)).not.toContain(oldFile);
      expect(uploadedFiles(bff)).toContain(replaced.body.data.file_url.replace('/files/', ''));

      const put = await form(
        bff.http().put(`${API}/mark_schemes.php?id=${ms.id}`).set(bearer(admin.token)),
        fields({ session: 'May/June' }),
      ).expect(200);
      expect(put.body.data.session).toBe('May/June');

      await bff.http().delete(`${API}/mark_schemes.php?id=${ms.id}`).set(bearer(admin.token)).expect(200);
      expect(uploadedFiles(bff)).not.toContain(replaced.body.data.file_url.replace('/files/', ''));
      await bff.http().get(`${API}/mark_schemes.php?id=${ms.id}`).set(bearer(admin.token)).expect(404);
      await bff.http().delete(`${API}/mark_schemes.php?id=${ms.id}`).set(bearer(admin.token)).expect(404);
    });

    it.each<[string, Fields, Files | undefined, string]>([
      ['no subject', { subject: '' }, undefined, 'Subject is required'],
      ['no code', { code: undefined }, undefined, 'Subject Code is required'],
      ['year 1999', { year: '1999' }, undefined, 'Please enter a valid year.'],
      ['a year past current + 10', { year: String(maxYear + 1) }, undefined, 'Please enter a valid year.'],
      ['no session', { session: '' }, undefined, 'Session is required'],
      ['an undocumented session', { session: 'June' }, undefined, 'Session must be Feb/March, May/June or Oct/Nov'],
      ['no paper number', { paperNumber: ' ' }, undefined, 'Paper Number is required'],
      ['no file', {}, {}, 'Mark Scheme file is required for new entries.'],
      [
        'a text file named .pdf',
        {},
        { markSchemeFile: { bytes: Buffer.from('hello'), name: 'ms.pdf' } },
        'Invalid file type (PDF/Word only).',
      ],
      ['an unknown past paper', { past_paper_id: '999999' }, undefined, 'Invalid past paper selected'],
      ['a junk past paper', { past_paper_id: 'x' }, undefined, 'Invalid past paper selected'],
    ])('rejects %s with the spec message and stores nothing', async (_label, overrides, files, message) => {
      const before = await writeState(bff);
      const res = await create(fields(overrides), files).expect(400);
      expect(res.body.error).toBe(message);
      expect(await writeState(bff)).toEqual(before);
    });

    it('accepts the current year plus 10', async () => {
      await create(fields({ year: String(maxYear) })).expect(201);
    });

    it('answers 413 "File is too large (max {n}MB)." and stores nothing', async () => {
      await bff.db.query('UPDATE site_settings SET max_file_size = 1');
      try {
        const before = await writeState(bff);
        const res = await create(fields(), {
          markSchemeFile: { bytes: Buffer.concat([pdfBytes(), Buffer.alloc(1_100_000)]), name: 'big.pdf' },
        });
        expect([res.status, res.body]).toEqual([413, { error: 'File is too large (max 1MB).' }]);
        expect(await writeState(bff)).toEqual(before);
      } finally {
        await bff.db.query('UPDATE site_settings SET max_file_size = 10');
      }
    });
  });

  describe('examiner reports', () => {
    const create = (f: Fields, files: Files = { file: { bytes: docxBytes(), name: 'report.docx' } }) =>
      form(bff.http().post(`${API}/examiner_reports.php`).set(bearer(admin.token)), f, files);

    it('creates one (subject, code, year and session read from the paper), updates, keeps the file when blank, deletes', async () => {
      const created = await create({
        past_paper_id: String(paperId),
        paper_number: '1',
        summary: 'Candidates did well.',
      }).expect(201);
      const report = created.body.data;
      expect(report).toEqual({
        id: expect.any(Number),
        past_paper_id: paperId,
        subject: 'Chemistry',
        code: '0620',
        paper_number: '1',
        year: 2023,
        session: 'Oct/Nov',
        summary: 'Candidates did well.',
        file_url: expect.stringMatching(/^\/files\/examiner-reports\/[0-9a-f-]{36}\.docx$/),
        file_size: docxBytes().length,
        file_name: 'report.docx',
        downloads: 0,
        views: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const list = await bff.http().get(`${API}/examiner_reports.php`).set(bearer(admin.token)).expect(200);
      expect(list.body.data.some((r: { id: number }) => r.id === report.id)).toBe(true);

      const updated = await form(
        bff.http().post(`${API}/examiner_reports.php?id=${report.id}`).set(bearer(admin.token)),
        {
          _method: 'PUT',
          past_paper_id: String(paperId),
          paper_number: '2',
          summary: 'Revised.',
        },
      ).expect(200);
      expect(updated.body.data).toMatchObject({ paper_number: '2', summary: 'Revised.', file_url: report.file_url });

      const replaced = await form(
        bff.http().put(`${API}/examiner_reports.php?id=${report.id}`).set(bearer(admin.token)),
        {
          past_paper_id: String(paperId),
          paper_number: '2',
          summary: 'Revised.',
        },
        { file: { bytes: pdfBytes(), name: 'r.pdf' } },
      ).expect(200);
      expect(uploadedFiles(bff)).not.toContain(report.file_url.replace('/files/', ''));

      await bff.http().delete(`${API}/examiner_reports.php?id=${report.id}`).set(bearer(admin.token)).expect(200);
      expect(uploadedFiles(bff)).not.toContain(replaced.body.data.file_url.replace('/files/', ''));
      await bff.http().get(`${API}/examiner_reports.php?id=${report.id}`).set(bearer(admin.token)).expect(404);
    });

    it.each<[string, Fields, Files | undefined, string]>([
      ['no past paper', { past_paper_id: undefined }, undefined, 'Past paper is required'],
      ['an unknown past paper', { past_paper_id: '424242' }, undefined, 'Invalid past paper selected'],
      ['no paper number', { paper_number: '' }, undefined, 'Paper number is required'],
      ['no summary', { summary: undefined }, undefined, 'Summary is required'],
      ['no file on create', {}, {}, 'Examiner report file is required'],
      [
        'an image',
        {},
        { file: { bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), name: 'r.pdf' } },
        'Please select a valid file type (PDF, DOC, DOCX)',
      ],
    ])('rejects %s and stores nothing', async (_label, overrides, files, message) => {
      const before = await writeState(bff);
      const res = await create(
        { past_paper_id: String(paperId), paper_number: '1', summary: 'S', ...overrides },
        files,
      ).expect(400);
      expect(res.body.error).toBe(message);
      expect(await writeState(bff)).toEqual(before);
    });

    it('answers 413 "File size must be less than {n}MB" and stores nothing', async () => {
      await bff.db.query('UPDATE site_settings SET max_file_size = 1');
      try {
        const before = await writeState(bff);
        const res = await create(
          { past_paper_id: String(paperId), paper_number: '1', summary: 'S' },
          { file: { bytes: Buffer.concat([pdfBytes(), Buffer.alloc(1_100_000)]), name: 'r.pdf' } },
        );
        expect([res.status, res.body]).toEqual([413, { error: 'File size must be less than 1MB' }]);
        expect(await writeState(bff)).toEqual(before);
      } finally {
        await bff.db.query('UPDATE site_settings SET max_file_size = 10');
      }
    });
  });
});
