import { DocumentTextWorker } from '../src/document-reader/document-text.worker';
import { generatePaper, type GeneratedPaper } from '../src/question-detection/testing/question-papers';
import { API, bearer, createSubject, signInAdmin, type SignedIn } from './support/api';
import { uploadGeneratedPaper } from './support/generated-papers';
import { startTestBff, type TestBff } from './support/test-bff';

/** The reader's hook after a document's text is stored (the worker's indexer options, as the reader calls it). */
type OnRead = (read: { documentTextId: number; generation: number; layout: null }) => Promise<void>;

/**
 * A paper's questions (GET /papers/{id}/questions) are served from the cache of public reads by path pattern, and go
 * stale like the search answers: after any write, and once a reading's question detection is stored.
 */
describe('cached public questions', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let paper: GeneratedPaper;
  let created: { id: number; variants: Array<{ id: number }> };

  const questionsOf = (token?: string) => {
    const req = bff.http().get(`${API}/papers/${created.id}/questions`).query({ variant: created.variants[0]!.id });
    return token ? req.set(bearer(token)) : req;
  };

  beforeAll(async () => {
    paper = await generatePaper(31, { questions: 5 });
    bff = await startTestBff({ env: { DOCUMENT_TEXT_POLL_MS: '100' } });
    admin = await signInAdmin(bff);
    const subjectId = (await createSubject(bff, admin, { name: 'Physics' })).id;
    created = await uploadGeneratedPaper(bff, admin.token, subjectId, 2023, paper, { examinerReport: false });
    // Read and detected (the admin's answer is never cached and says pending until then).
    const deadline = Date.now() + 60_000;
    for (;;) {
      const data = (await questionsOf(admin.token)).body.data as { status: string };
      if (data.status !== 'pending' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('serves a repeated anonymous read from memory; signed-in reads are never cached', async () => {
    const first = await questionsOf().expect(200);
    const second = await questionsOf().expect(200);
    expect(first.body.data.status).toBe('ready');
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const signedIn = await questionsOf(admin.token).expect(200);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.body.data.reasons).toEqual([]);
    // Another variant or paper is another entry; an unknown one (404) is not kept.
    await bff.http().get(`${API}/papers/${created.id}/questions`).query({ variant: 999999 }).expect(404);
    const again = await bff.http().get(`${API}/papers/${created.id}/questions`).query({ variant: 999999 }).expect(404);
    expect(again.headers['x-cache']).toBeUndefined();
  });

  it('is stale once a reading stores its question detection', async () => {
    await questionsOf().expect(200);
    expect((await questionsOf().expect(200)).headers['x-cache']).toBe('HIT');
    // The question paper read again, this time without positioned text: its detection becomes `none`.
    const [text] = await bff.db.query<Array<{ id: number; generation: number }>>(
      `SELECT t.id, t.generation FROM document_texts t JOIN documents d ON d.id = t.document_id
        WHERE d.variant_id = $1 AND d.kind = 'question-paper'`,
      [created.variants[0]!.id],
    );
    const worker: { indexer: { options: { onRead: OnRead } } } = bff.app.get(DocumentTextWorker, { strict: false });
    await worker.indexer.options.onRead({ documentTextId: text!.id, generation: text!.generation, layout: null });
    const after = await questionsOf().expect(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.data).toEqual({
      status: 'none',
      total_marks: null,
      stated_total: null,
      source: 'detected',
      questions: [],
    });
  });

  it('is stale after a write', async () => {
    await questionsOf().expect(200);
    expect((await questionsOf().expect(200)).headers['x-cache']).toBe('HIT');
    await createSubject(bff, admin, { name: 'Chemistry' });
    expect((await questionsOf().expect(200)).headers['x-cache']).toBe('MISS');
  });
});
