import { API, bearer, binary, createSubject, signInAdmin, type SignedIn } from './support/api';
import { docxBytes, pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

/**
 * One way to reach a file: a paper's documents list every file students can reach from it (its variants' files,
 * the mark schemes and examiner reports added on their own), and GET /documents/{id} serves and counts the same
 * document that every legacy link form resolves to.
 */
describe('documents', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let paperId: number;
  let variantId: number;
  let markSchemeId: number;
  let reportId: number;
  const paperPdf = pdfBytes('Question paper '.repeat(40));

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
    const subject = await createSubject(bff, admin, { name: 'Biology', code: '0610' });
    const paper = (
      await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subject.id))
        .field('year', '2024')
        .field('session', 'May/June')
        .field('variants', JSON.stringify([{ name: 'Paper 1', version: 1 }]))
        .attach('variant_0_document_path', paperPdf, 'qp.pdf')
        .attach('variant_0_mark_scheme_path', docxBytes(), 'ms-in-variant.docx')
        .expect(201)
    ).body.data;
    paperId = paper.id;
    variantId = paper.variants[0].id;
    markSchemeId = (
      await bff
        .http()
        .post(`${API}/mark_schemes.php`)
        .set(bearer(admin.token))
        .field('subject', 'Biology')
        .field('code', '0610')
        .field('year', '2024')
        .field('session', 'May/June')
        .field('paperNumber', '2')
        .attach('markSchemeFile', pdfBytes('Mark scheme'), 'ms2.pdf')
        .expect(201)
    ).body.data.id;
    reportId = (
      await bff
        .http()
        .post(`${API}/examiner_reports.php`)
        .set(bearer(admin.token))
        .field('past_paper_id', String(paperId))
        .field('paper_number', '1')
        .field('summary', 'Well done.')
        .attach('file', pdfBytes('Report'), 'er.pdf')
        .expect(201)
    ).body.data.id;
  });
  afterAll(() => bff?.close());

  interface Listed {
    id: number;
    kind: string;
    name: string;
    downloads: number;
    views: number;
    download_url: string;
  }
  const documentsOf = async (id: number) =>
    (await bff.http().get(`${API}/papers/${id}/documents`).expect(200)).body.data as Listed[];

  it("lists a paper's documents: its variant's files, and the mark schemes and reports added on their own", async () => {
    const docs = await documentsOf(paperId);
    const counts = { downloads: 0, views: 0, pages: null };
    expect(docs).toEqual([
      {
        ...counts,
        id: expect.any(Number),
        kind: 'question-paper',
        variant_id: variantId,
        name: 'qp.pdf',
        size: paperPdf.length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        download_url: expect.stringMatching(/^\/backend\/api\/documents\/\d+$/),
        viewer_url: `/papers/${paperId}/view?variant=${variantId}`,
      },
      {
        ...counts,
        id: expect.any(Number),
        kind: 'mark-scheme',
        variant_id: variantId,
        name: 'ms-in-variant.docx',
        size: docxBytes().length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        download_url: expect.any(String),
        viewer_url: `/papers/${paperId}/view?variant=${variantId}&doc=mark-scheme`,
      },
      expect.objectContaining({
        kind: 'mark-scheme',
        variant_id: null,
        name: 'ms2.pdf',
        viewer_url: `/papers/${paperId}/view?doc=mark-scheme&linked=${markSchemeId}`,
      }),
      expect.objectContaining({
        kind: 'examiner-report',
        variant_id: null,
        name: 'er.pdf',
        viewer_url: `/papers/${paperId}/view?doc=examiner-report&linked=${reportId}`,
      }),
    ]);
  });

  it('serves a document and counts it on the same counter every legacy link form uses', async () => {
    const [qp] = await documentsOf(paperId);
    const res = await bff.http().get(qp!.download_url).buffer(true).parse(binary).expect(200);
    expect(res.body).toEqual(paperPdf);
    expect(res.headers['content-disposition']).toBe('attachment; filename="biology-0610-2024-may-june-paper-1.pdf"');
    await bff
      .http()
      .get(`${API}/past_papers.php?download_variant_id=${variantId}&variant_document_type=document`)
      .expect(200);
    await bff.http().get(`${API}/download/papers/${paperId}`).expect(200);
    await bff.http().get(`${API}/documents/${qp!.id}?inline=1`).expect(200); // a view
    await bff.http().get(`${API}/documents/${qp!.id}?stream=1`).set('Range', 'bytes=0-9').expect(206); // nothing
    const after = (await documentsOf(paperId)).find((d) => d.id === qp!.id)!;
    expect({ downloads: after.downloads, views: after.views }).toEqual({ downloads: 3, views: 1 });

    const linked = (await documentsOf(paperId)).find((d) => d.kind === 'examiner-report')!;
    await bff.http().get(`${API}/examiner_reports.php?download_id=${reportId}`).expect(200);
    await bff.http().get(linked.download_url).expect(200);
    expect((await documentsOf(paperId)).find((d) => d.id === linked.id)!.downloads).toBe(2);
  });

  it('answers ranges (one and several) and 416 like every link form', async () => {
    const [qp] = await documentsOf(paperId);
    const part = await bff
      .http()
      .get(`${API}/documents/${qp!.id}`)
      .set('Range', 'bytes=0-9')
      .buffer(true)
      .parse(binary);
    expect(part.status).toBe(206);
    expect(part.body).toEqual(paperPdf.subarray(0, 10));
    const several = await bff
      .http()
      .get(`${API}/documents/${qp!.id}?stream=1`)
      .set('Range', 'bytes=0-9,20-29')
      .buffer(true)
      .parse(binary)
      .expect(206);
    expect(several.headers['content-type']).toMatch(/^multipart\/byteranges; boundary=/);
    await bff
      .http()
      .get(`${API}/documents/${qp!.id}`)
      .set('Range', `bytes=${paperPdf.length + 10}-`)
      .expect(416);
  });

  it('answers 404 for an unknown document or paper, 400 for a bad id, and 404 for the picture of a file that is not a PDF', async () => {
    expect((await bff.http().get(`${API}/documents/999999`).expect(404)).body).toEqual({ error: 'Document not found' });
    expect((await bff.http().get(`${API}/papers/999999/documents`).expect(404)).body).toEqual({
      error: 'Past paper not found',
    });
    await bff.http().get(`${API}/documents/abc`).expect(400);
    await bff.http().get(`${API}/papers/1.5/documents`).expect(400);
    const word = (await documentsOf(paperId)).find((d) => d.name === 'ms-in-variant.docx')!;
    await bff.http().get(`${API}/documents/${word.id}?preview=1`).expect(404);
  });
});
