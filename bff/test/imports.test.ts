import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ImportCleanup } from '../src/imports/import-cleanup.service';
import { API, bearer, createSubject, signInAdmin, uploadedFiles, type SignedIn } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';
import { VARIANTS_WITH_COUNTERS } from './support/counters';

/** A file of an import: its name and distinct bytes (each name gives its own PDF). */
const file = (name: string, bytes: Buffer = pdfBytes(name)) => ({ name, bytes });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** 30 files of three subjects: Cambridge question papers, mark schemes and series reports, Edexcel papers, and two
 * documents the library does not store. */
const SERIES = [
  ...['9702_s23_qp_11', '9702_s23_qp_12', '9702_s23_qp_13', '9702_s23_ms_11', '9702_s23_ms_12', '9702_s23_ms_13'],
  ...['9702_s23_er', '9702_w22_qp_21', '9702_w22_qp_22', '9702_w22_ms_21', '9702_w22_ms_22', '9702_w22_er'],
  ...['9702_m23_qp_12', '9702_m23_ms_12', '0580_s23_qp_22', '0580_s23_qp_42', '0580_s23_ms_22', '0580_s23_ms_42'],
  ...['0580_s23_er', '0580_m23_qp_12', '0580_m23_ms_12', '0580_w22_qp_12', '0580_w22_ms_12'],
  ...['wph11-01-que-20230519', 'wph11-01-rms-20230817', 'wph11-01-pef-20230817', 'wph11-01-que-20231012'],
  ...['wph11-01-rms-20240111', '9702_s23_gt', '0580_s23_in_42'],
].map((stem) => file(`${stem}.pdf`));

describe('bulk import', () => {
  let bff: TestBff;
  let admin: SignedIn;
  const subjects: Record<string, number> = {};

  beforeAll(async () => {
    bff = await startTestBff({ env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
    admin = await signInAdmin(bff);
    for (const [name, code, level] of [
      ['Physics', '9702', 'cambridge-a-levels'],
      ['Mathematics', '0580', 'cambridge-igcse'],
      ['Physics (IAL)', 'WPH11', 'edexcel-a-levels'],
    ] as const) {
      subjects[code] = (await createSubject(bff, admin, { name, code, level })).id;
    }
  });
  afterAll(async () => {
    await bff?.close();
  });

  const http = () => bff.http();
  const auth = () => bearer(admin.token);
  const start = async (): Promise<number> => (await http().post(`${API}/imports`).set(auth()).expect(201)).body.data.id;
  const stage = (importId: number, f: { name: string; bytes: Buffer }, fields: Record<string, string> = {}) => {
    const req = http().post(`${API}/imports/${importId}/files`).set(auth());
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    return req.attach('file', f.bytes, f.name);
  };
  const stageAll = async (importId: number, files: Array<{ name: string; bytes: Buffer }>) => {
    // Several at once, as the console uploads them.
    for (let i = 0; i < files.length; i += 4) {
      await Promise.all(files.slice(i, i + 4).map((f) => stage(importId, f, { sha256: sha256(f.bytes) }).expect(201)));
    }
  };
  const preview = async (importId: number) =>
    (await http().get(`${API}/imports/${importId}`).set(auth()).expect(200)).body.data;
  const commit = async (importId: number) =>
    (await http().post(`${API}/imports/${importId}/commit`).set(auth()).expect(200)).body.data;

  /** Everything a commit may change: rows of the document tables and the stored files. */
  async function library() {
    const q = (sql: string) => bff.db.query(sql);
    return {
      papers: await q(
        `SELECT p.id, s.code, p.year, p.session, p.updated_at FROM past_papers p JOIN subjects s ON s.id = p.subject_id ORDER BY p.id`,
      ),
      variants: await q(`SELECT * FROM ${VARIANTS_WITH_COUNTERS} ORDER BY id`),
      documents: await q(`SELECT * FROM documents ORDER BY id`),
      markSchemes: await q(`SELECT * FROM mark_schemes ORDER BY id`),
      reports: await q(`SELECT * FROM examiner_reports ORDER BY id`),
      audit: await q(`SELECT COUNT(*)::int AS n FROM audit_log`),
      files: uploadedFiles(bff).filter((p) => !p.startsWith('.')),
    };
  }

  it('previews, commits 30 files into the expected papers, variants, mark schemes and examiner reports', async () => {
    const importId = await start();
    await stageAll(importId, SERIES);
    const before = await preview(importId);
    expect(before.counts).toMatchObject({ total: 30, importable: 28, identical: 0, attention: 0, skipped: 2 });
    const byName = (name: string) => before.files.find((f: { file_name: string }) => f.file_name === name);
    expect(byName('9702_s23_qp_12.pdf')).toMatchObject({
      board: 'cambridge',
      subject_id: subjects['9702'],
      subject_code: '9702',
      year: 2023,
      session: 'May/June',
      document_type: 'question-paper',
      paper: 'Paper 12',
      paper_label: '12',
      status: 'new',
      kind: 'pdf',
      size: SERIES[1]!.bytes.length,
      sha256: sha256(SERIES[1]!.bytes),
    });
    expect(byName('9702_s23_er.pdf')).toMatchObject({ document_type: 'examiner-report', paper: null, status: 'new' });
    // Edexcel: the mark scheme published in January 2024 belongs to the October 2023 paper.
    expect(byName('wph11-01-rms-20240111.pdf')).toMatchObject({ year: 2023, session: 'Oct/Nov', paper: 'Paper 1' });
    expect(byName('9702_s23_gt.pdf')).toMatchObject({
      status: 'skipped',
      messages: [expect.stringMatching(/^Grade thresholds/)],
    });

    const report = await commit(importId);
    expect(report.status).toBe('committed');
    const outcomes = Object.fromEntries(
      report.files.map((f: { file_name: string; outcome: string }) => [f.file_name, f.outcome]),
    );
    expect(Object.values(outcomes).filter((o) => o === 'created')).toHaveLength(28);
    expect(outcomes['0580_s23_in_42.pdf']).toBe('skipped');

    const lib = await library();
    expect(
      lib.papers.map((p: { code: string; year: number; session: string }) => `${p.code} ${p.year} ${p.session}`).sort(),
    ).toEqual([
      '0580 2022 Oct/Nov',
      '0580 2023 Feb/March',
      '0580 2023 May/June',
      '9702 2022 Oct/Nov',
      '9702 2023 Feb/March',
      '9702 2023 May/June',
      'WPH11 2023 May/June',
      'WPH11 2023 Oct/Nov',
    ]);
    const variantsOf = async (code: string, year: number, session: string) =>
      bff.db.query(
        `SELECT v.name, v.slug, v.version, qp.original_name AS document_name, qp.sha256 AS document_sha256,
                qp.size AS document_size, ms.original_name AS mark_scheme_name, er.original_name AS examiner_report_name
           FROM variants v JOIN past_papers p ON p.id = v.past_paper_id JOIN subjects s ON s.id = p.subject_id
           LEFT JOIN documents qp ON qp.variant_id = v.id AND qp.kind = 'question-paper'
           LEFT JOIN documents ms ON ms.variant_id = v.id AND ms.kind = 'mark-scheme'
           LEFT JOIN documents er ON er.variant_id = v.id AND er.kind = 'examiner-report'
          WHERE s.code = $1 AND p.year = $2 AND p.session = $3 ORDER BY v.version`,
        [code, year, session],
      );
    expect(await variantsOf('9702', 2023, 'May/June')).toEqual(
      [11, 12, 13].map((n, i) => ({
        name: `Paper ${n}`,
        slug: `paper-${n}`,
        version: n,
        document_name: `9702_s23_qp_${n}.pdf`,
        document_sha256: sha256(SERIES[i]!.bytes),
        document_size: SERIES[i]!.bytes.length,
        mark_scheme_name: `9702_s23_ms_${n}.pdf`,
        examiner_report_name: null,
      })),
    );
    expect(await variantsOf('WPH11', 2023, 'May/June')).toEqual([
      expect.objectContaining({
        name: 'Paper 1',
        mark_scheme_name: 'wph11-01-rms-20230817.pdf',
        examiner_report_name: 'wph11-01-pef-20230817.pdf',
      }),
    ]);
    expect(await variantsOf('WPH11', 2023, 'Oct/Nov')).toEqual([
      expect.objectContaining({ name: 'Paper 1', mark_scheme_name: 'wph11-01-rms-20240111.pdf' }),
    ]);
    expect(lib.variants).toHaveLength(12);
    expect(lib.variants.filter((v: { mark_scheme_path: string | null }) => v.mark_scheme_path)).toHaveLength(12);
    expect(lib.markSchemes).toEqual([]);
    // Series-level reports: one examiner report of the paper, for every variant.
    const reports = await bff.db.query(
      `SELECT s.code, p.year, p.session, r.paper_number, d.original_name AS file_name, d.sha256 AS file_sha256
         FROM examiner_reports r JOIN documents d ON d.id = r.document_id
         JOIN past_papers p ON p.id = r.past_paper_id JOIN subjects s ON s.id = p.subject_id
        ORDER BY s.code, p.year, p.session`,
    );
    expect(reports).toEqual([
      {
        code: '0580',
        year: 2023,
        session: 'May/June',
        paper_number: '',
        file_name: '0580_s23_er.pdf',
        file_sha256: sha256(pdfBytes('0580_s23_er.pdf')),
      },
      {
        code: '9702',
        year: 2022,
        session: 'Oct/Nov',
        paper_number: '',
        file_name: '9702_w22_er.pdf',
        file_sha256: expect.any(String),
      },
      {
        code: '9702',
        year: 2023,
        session: 'May/June',
        paper_number: '',
        file_name: '9702_s23_er.pdf',
        file_sha256: expect.any(String),
      },
    ]);
    // 28 stored files, the staging folder empty, one audit entry per paper.
    expect(lib.files).toHaveLength(28);
    expect(uploadedFiles(bff).filter((p) => p.startsWith('.staging/'))).toEqual([]);
    expect(lib.audit[0].n).toBe(3 + 8); // three subjects created, eight papers imported

    // The admin details page's provenance.
    const paperId = lib.papers.find(
      (p: { code: string; year: number; session: string }) =>
        p.code === '9702' && p.year === 2023 && p.session === 'May/June',
    ).id;
    const stored = (await http().get(`${API}/stored-files?past_paper_id=${paperId}`).set(auth()).expect(200)).body.data;
    expect(stored).toHaveLength(7);
    expect(stored).toContainEqual({
      source: 'variant',
      record_id: expect.any(Number),
      document: 'question-paper',
      label: 'Paper 12',
      file_name: '9702_s23_qp_12.pdf',
      size: SERIES[1]!.bytes.length,
      sha256: sha256(SERIES[1]!.bytes),
      // Read for search after the import, in the background: waiting, or read already.
      reading: expect.objectContaining({ status: expect.stringMatching(/^(pending|working|done)$/) }),
    });
    await http().get(`${API}/stored-files?past_paper_id=${paperId}`).expect(401);

    // Re-importing the same files changes nothing: every file is found identical to what is stored.
    const again = await start();
    await stageAll(again, SERIES);
    const second = await preview(again);
    expect(second.counts).toMatchObject({ total: 30, importable: 0, identical: 28, skipped: 2 });
    // Bytes identical to stored files are not kept: only the two skipped files' are staged.
    expect(uploadedFiles(bff).filter((p) => p.startsWith('.staging/'))).toHaveLength(2);
    const unchanged = await commit(again);
    expect(unchanged.files.map((f: { outcome: string }) => f.outcome).sort()).toEqual([
      ...Array(2).fill('skipped'),
      ...Array(28).fill('unchanged'),
    ]);
    expect(await library()).toEqual(lib);
  });

  it('reports a bad file and writes nothing of its paper, while the other papers are committed', async () => {
    const importId = await start();
    const html = file('9702_s21_ms_11.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    await stageAll(importId, [file('9702_s21_qp_11.pdf'), html, file('0580_s21_qp_11.pdf')]);
    const before = await library();
    const report = await commit(importId);
    expect(report.status).toBe('open'); // something is left to fix
    const outcome = (name: string) => report.files.find((f: { file_name: string }) => f.file_name === name);
    expect(outcome('9702_s21_ms_11.pdf')).toMatchObject({
      kind: null,
      status: 'attention',
      outcome: 'failed',
      outcome_message: expect.stringContaining('not a PDF, DOC or DOCX'),
    });
    expect(outcome('9702_s21_qp_11.pdf')).toMatchObject({
      outcome: 'failed',
      outcome_message: expect.stringContaining('Waits for 9702_s21_ms_11.pdf'),
    });
    expect(outcome('0580_s21_qp_11.pdf')).toMatchObject({ outcome: 'created' });
    const after = await library();
    expect(after.papers.filter((p: { year: number }) => p.year === 2021).map((p: { code: string }) => p.code)).toEqual([
      '0580',
    ]);
    expect(after.files.length).toBe(before.files.length + 1);

    // Leaving the bad file out lets its paper in on the next commit.
    const bad = outcome('9702_s21_ms_11.pdf');
    await http().delete(`${API}/imports/${importId}/files/${bad.id}`).set(auth()).expect(200);
    const second = await commit(importId);
    expect(second.status).toBe('committed');
    expect(
      second.files.map((f: { file_name: string; outcome: string }) => `${f.file_name} ${f.outcome}`).sort(),
    ).toEqual(['0580_s21_qp_11.pdf created', '9702_s21_qp_11.pdf created']);
  });

  it('recognises already staged files (resume), flags unknown subjects and lets the admin correct any field', async () => {
    const importId = await start();
    const paper = file('5054_s24_qp_12.pdf');
    const first = (await stage(importId, paper).expect(201)).body.data;
    expect(first).toMatchObject({ file_name: '5054_s24_qp_12.pdf', kind: 'pdf', already_staged: false });
    // Dropping the same file again (a resumed import) stores nothing new.
    const again = (await stage(importId, file('5054_s24_qp_12 (1).pdf', paper.bytes)).expect(201)).body.data;
    expect(again).toMatchObject({ id: first.id, already_staged: true });
    // A damaged upload (its checksum differs) is refused.
    await stage(importId, file('x.pdf'), { sha256: 'a'.repeat(64) }).expect(400);
    await stage(importId, file('unknown.pdf')).expect(201);

    let view = await preview(importId);
    expect(view.unknown_subjects).toEqual([{ code: '5054', suggested_level: 'cambridge-o-levels', files: 1 }]);
    const unknown = view.files.find((f: { file_name: string }) => f.file_name === '5054_s24_qp_12.pdf');
    expect(unknown).toMatchObject({
      status: 'attention',
      unknown_subject_code: '5054',
      messages: [expect.stringMatching(/5054 is not in the library/)],
    });
    const scan = view.files.find((f: { file_name: string }) => f.file_name === 'unknown.pdf');
    expect(scan).toMatchObject({ status: 'attention', subject_id: null, year: null });

    // Choose subject for the code; correct the other file by hand.
    view = (
      await http()
        .put(`${API}/imports/${importId}/subjects`)
        .set(auth())
        .send({ code: '5054', subject_id: subjects['9702'] })
        .expect(200)
    ).body.data;
    expect(view.files.find((f: { id: number }) => f.id === unknown.id)).toMatchObject({
      status: 'new',
      subject_code: '9702',
      subject_id: subjects['9702'],
    });
    view = (
      await http()
        .put(`${API}/imports/${importId}/files/${scan.id}`)
        .set(auth())
        .send({
          subject_id: subjects['0580'],
          year: 2019,
          session: 'Oct/Nov',
          document_type: 'question-paper',
          paper: '3',
        })
        .expect(200)
    ).body.data;
    expect(view.files.find((f: { id: number }) => f.id === scan.id)).toMatchObject({
      status: 'new',
      subject_code: '0580',
      year: 2019,
      session: 'Oct/Nov',
      paper: 'Paper 3',
      corrections: {
        subject_id: subjects['0580'],
        year: 2019,
        session: 'Oct/Nov',
        document_type: 'question-paper',
        paper: '3',
      },
    });
    await http().put(`${API}/imports/${importId}/files/${scan.id}`).set(auth()).send({ session: 'Winter' }).expect(400);
    await http()
      .put(`${API}/imports/${importId}/files/${scan.id}`)
      .set(auth())
      .send({ subject_id: 999999 })
      .expect(400);
    await http().put(`${API}/imports/${importId}/files/999999`).set(auth()).send({ year: 2020 }).expect(404);
    expect(view.counts.importable).toBe(2);

    // Admins only; multipart only on the upload route.
    await http().get(`${API}/imports/${importId}`).expect(401);
    await http().post(`${API}/imports/${importId}/files`).set(auth()).send({ file: 'x' }).expect(400);
    await http().put(`${API}/imports/${importId}/subjects`).set(auth()).field('code', '5054').expect(415);
  });

  it('removes imports abandoned for a day with their staged files', async () => {
    const importId = await start();
    await stage(importId, file('9702_s19_qp_11.pdf')).expect(201);
    const folder = join(bff.config.uploadDir, '.staging', String(importId));
    expect(existsSync(folder)).toBe(true);
    const cleanup = bff.app.get(ImportCleanup);
    expect(await cleanup.cleanUp()).toBe(0); // still fresh
    await bff.db.query(`UPDATE imports SET updated_at = now() - interval '25 hours' WHERE id = $1`, [importId]);
    expect(await cleanup.cleanUp()).toBeGreaterThanOrEqual(1);
    expect(existsSync(folder)).toBe(false);
    await http().get(`${API}/imports/${importId}`).set(auth()).expect(404);
  });
});
