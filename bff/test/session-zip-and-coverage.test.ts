import { crc32 } from 'node:zlib';
import { unzipSync } from 'fflate';
import { API, bearer, binary, createSubject, signInAdmin, type SignedIn } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';
import { EXAMINER_REPORTS_WITH_COUNTERS, MARK_SCHEMES_WITH_COUNTERS, VARIANTS_WITH_COUNTERS } from './support/counters';

describe('coverage and session zips', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let physics: { id: number };
  let ial: { id: number };
  const bytes: Record<string, Buffer> = {};
  const pdf = (label: string) => (bytes[label] = pdfBytes(label));

  const createPaper = async (subjectId: number, year: number, session: string, variants: Array<[string, string[]]>) => {
    const req = bff
      .http()
      .post(`${API}/past_papers.php`)
      .set(bearer(admin.token))
      .field('subject_id', String(subjectId))
      .field('year', String(year))
      .field('session', session)
      .field('variants', JSON.stringify(variants.map(([name], i) => ({ name, version: i + 1 }))));
    variants.forEach(([name, slots], i) => {
      for (const slot of slots)
        req.attach(`variant_${i}_${slot}_path`, pdf(`${year} ${session} ${name} ${slot}`), `${slot}.pdf`);
    });
    return (await req.expect(201)).body.data as { id: number; variants: Array<{ id: number; name: string }> };
  };

  beforeAll(async () => {
    bff = await startTestBff({ env: { SESSION_ZIP_LIMIT: '4' } });
    admin = await signInAdmin(bff);
    physics = await createSubject(bff, admin, { name: 'Physics', code: '9702', level: 'cambridge-a-levels' });
    ial = await createSubject(bff, admin, { name: 'Physics (IAL)', code: 'WPH11', level: 'edexcel-a-levels' });
    const s23 = await createPaper(physics.id, 2023, 'May/June', [
      ['Paper 11', ['document', 'mark_scheme', 'examiner_report']],
      ['Paper 12', ['document']],
    ]);
    await createPaper(physics.id, 2022, 'Oct/Nov', [['Paper 21', ['document']]]);
    await createPaper(ial.id, 2023, 'May/June', [['Paper 1', ['document']]]);
    // A report added on its own for Paper 12, and a mark scheme of a paper whose question paper is not stored.
    await bff
      .http()
      .post(`${API}/examiner_reports.php`)
      .set(bearer(admin.token))
      .field('past_paper_id', String(s23.id))
      .field('paper_number', '12')
      .field('summary', 'Report')
      .attach('file', pdf('er 12'), 'er12.pdf')
      .expect(201);
    await bff
      .http()
      .post(`${API}/mark_schemes.php`)
      .set(bearer(admin.token))
      .field('subject', 'Physics')
      .field('code', '9702')
      .field('year', '2023')
      .field('session', 'May/June')
      .field('paperNumber', '13')
      .attach('markSchemeFile', pdf('ms 13'), 'ms13.pdf')
      .expect(201);
  });
  afterAll(async () => {
    await bff?.close();
  });

  const zipUrl = (code: string, year: number | string, session: string) =>
    `${API}/download/sessions/${code}/${year}/${session}.zip`;

  it('draws the grid of sessions × papers, public and the same for admins, with missing mark schemes counted', async () => {
    const coverage = (await bff.http().get(`${API}/coverage?subject_id=${physics.id}`).expect(200)).body.data;
    const cell = (qp: boolean, ms: boolean, er: boolean) => ({
      key: expect.any(String),
      variant_id: qp ? expect.any(Number) : null,
      question_paper: qp,
      mark_scheme: ms,
      examiner_report: er,
    });
    expect(coverage).toEqual({
      subject: { id: physics.id, name: 'Physics', code: '9702', level: 'cambridge-a-levels' },
      columns: [
        { key: '11', name: 'Paper 11' },
        { key: '12', name: 'Paper 12' },
        { key: '13', name: 'Paper 13' },
        { key: '21', name: 'Paper 21' },
      ],
      sessions: [
        {
          year: 2023,
          session: 'May/June',
          session_slug: 'may-june',
          past_paper_ids: [expect.any(Number)],
          session_examiner_report: false,
          cells: [cell(true, true, true), cell(true, false, true), cell(false, true, false), cell(false, false, false)],
          files: 6,
          bytes: [
            '2023 May/June Paper 11 document',
            '2023 May/June Paper 11 mark_scheme',
            '2023 May/June Paper 11 examiner_report',
            '2023 May/June Paper 12 document',
            'er 12',
            'ms 13',
          ]
            .map((k) => bytes[k]!.length)
            .reduce((a, b) => a + b, 0),
          zip_url: '/download/sessions/9702/2023/may-june.zip',
        },
        expect.objectContaining({
          year: 2022,
          session: 'Oct/Nov',
          cells: [
            cell(false, false, false),
            cell(false, false, false),
            cell(false, false, false),
            cell(true, false, false),
          ],
          files: 1,
        }),
      ],
      missing_mark_schemes: 2,
    });
    await bff.http().get(`${API}/coverage?subject_id=999999`).expect(404);
    await bff.http().get(`${API}/coverage?subject_id=abc`).expect(400);
    const stats = (await bff.http().get(`${API}/dashboard_stats.php`).set(bearer(admin.token)).expect(200)).body.data;
    expect(stats.missingMarkSchemes).toBe(3); // 9702 Paper 12 and Paper 21, WPH11 Paper 1
  });

  it('streams exactly the session’s files in one zip, named by the Cambridge convention, and counts each once, in one statement', async () => {
    const statements = jest.spyOn(bff.db, 'query');
    const head = await bff
      .http()
      .head(zipUrl('9702', 2023, 'may-june'))
      .expect(200);
    const headWrites = statements.mock.calls.filter(([sql]) => /\bUPDATE\b/i.test(sql)).length;
    const res = await bff
      .http()
      .get(zipUrl('9702', 2023, 'may-june'))
      .buffer(true)
      .parse(binary)
      .expect(200);
    const writes = statements.mock.calls.filter(([sql]) => /\b(UPDATE|INSERT|DELETE)\b/i.test(sql));
    statements.mockRestore();
    // HEAD wrote nothing; the GET counted its six files with one statement (besides the rate limiter's counter).
    expect(headWrites).toBe(0);
    expect(writes.filter(([sql]) => /downloads/.test(sql))).toHaveLength(1);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="9702-2023-may-june.zip"');
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    expect(head.headers['content-length']).toBe(res.headers['content-length']);
    const entries = unzipSync(new Uint8Array(res.body as Buffer));
    const got = Object.fromEntries(Object.entries(entries).map(([name, data]) => [name, Buffer.from(data)]));
    expect(got).toEqual({
      '9702_s23_qp_11.pdf': bytes['2023 May/June Paper 11 document'],
      '9702_s23_ms_11.pdf': bytes['2023 May/June Paper 11 mark_scheme'],
      '9702_s23_er_11.pdf': bytes['2023 May/June Paper 11 examiner_report'],
      '9702_s23_qp_12.pdf': bytes['2023 May/June Paper 12 document'],
      '9702_s23_er_12.pdf': bytes['er 12'],
      '9702_s23_ms_13.pdf': bytes['ms 13'],
    });
    // Every entry's CRC-32 in the central directory is its bytes' (fflate does not check them: read them here).
    expect(centralCrcs(res.body as Buffer)).toEqual(
      Object.fromEntries(Object.entries(got).map(([name, data]) => [name, crc32(data) >>> 0])),
    );
    // PDFs are stored, not compressed again.
    expect((res.body as Buffer).length).toBeGreaterThan(Object.values(got).reduce((n, b) => n + b.length, 0));

    // One download per file inside (the HEAD counted nothing).
    const counts = await bff.db.query(
      `SELECT name, document_downloads, mark_scheme_downloads, examiner_report_downloads FROM ${VARIANTS_WITH_COUNTERS} ORDER BY id`,
    );
    expect(counts.slice(0, 2)).toEqual([
      { name: 'Paper 11', document_downloads: 1, mark_scheme_downloads: 1, examiner_report_downloads: 1 },
      { name: 'Paper 12', document_downloads: 1, mark_scheme_downloads: 0, examiner_report_downloads: 0 },
    ]);
    expect(await bff.db.query(`SELECT downloads FROM ${MARK_SCHEMES_WITH_COUNTERS}`)).toEqual([{ downloads: 1 }]);
    expect(await bff.db.query(`SELECT downloads FROM ${EXAMINER_REPORTS_WITH_COUNTERS}`)).toEqual([{ downloads: 1 }]);

    // Outside the Cambridge convention: subject-code-year-session-variant-type.
    const ialZip = await bff
      .http()
      .get(zipUrl('wph11', 2023, 'may-june'))
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(Object.keys(unzipSync(new Uint8Array(ialZip.body as Buffer)))).toEqual([
      'wph11-2023-may-june-paper-1-question-paper.pdf',
    ]);
  });

  it('answers 404 when nothing exists, 400 for a bad session or year, and limits each client', async () => {
    const json = (res: { body: unknown }) => res.body as { error: string };
    expect(
      json(
        await bff
          .http()
          .get(zipUrl('9702', 2021, 'may-june'))
          .expect(404),
      ).error,
    ).toBe('Nothing has been published for this session yet');
    await bff
      .http()
      .get(zipUrl('0000', 2023, 'may-june'))
      .expect(404);
    expect(
      json(
        await bff
          .http()
          .get(zipUrl('9702', 2023, 'summer'))
          .expect(400),
      ).error,
    ).toMatch(/feb-march/);
    await bff
      .http()
      .get(zipUrl('9702', 'abcd', 'may-june'))
      .expect(400);
    // SESSION_ZIP_LIMIT=4 here: two zips above, two more, then 429.
    await bff
      .http()
      .get(zipUrl('9702', 2022, 'oct-nov'))
      .expect(200);
    await bff
      .http()
      .get(zipUrl('9702', 2022, 'oct-nov'))
      .expect(200);
    const limited = await bff
      .http()
      .get(zipUrl('9702', 2022, 'oct-nov'))
      .expect(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

/** Name → CRC-32 of every entry of a zip's central directory. */
function centralCrcs(zip: Buffer): Record<string, number> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    expect(zip.readUInt16LE(at + 10)).toBe(0); // STORED
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    out[zip.toString('utf8', at + 46, at + 46 + nameLength)] = zip.readUInt32LE(at + 16);
    at += 46 + nameLength + extra + comment;
  }
  return out;
}
