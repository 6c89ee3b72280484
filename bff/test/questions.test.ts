import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import type { Test } from 'supertest';
import { OPENAPI_FILE } from '../src/openapi/write-openapi';
import { ReadCache } from '../src/read-cache/read-cache';
import { generatePaper, type GeneratedPaper } from '../src/question-detection/testing/question-papers';
import { API, bearer, createSubject, signInAdmin, type SignedIn } from './support/api';
import { pagedPdf } from './support/documents';
import { uploadGeneratedPaper } from './support/generated-papers';
import { startTestBff, type TestBff } from './support/test-bff';

/** Starts with the PDF magic bytes (the upload accepts it) but is no PDF at all. */
const BROKEN_PDF = Buffer.from('%PDF-1.7\nthis is not really a pdf, just bytes that look like one\n', 'latin1');

interface Place {
  document_id: number;
  page: number;
  top: number;
}
interface Questions {
  status: string;
  total_marks: number | null;
  stated_total: number | null;
  source: string;
  reasons?: string[];
  questions: Array<{
    number: string;
    marks: number;
    question_paper: Place;
    mark_scheme: Place | null;
    examiner_report: Place | null;
  }>;
}

describe('questions of a paper', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let subjectId: number;
  let sound: GeneratedPaper;
  let damaged: GeneratedPaper;
  let soundPaper: { id: number; variants: Array<{ id: number }> };
  let damagedPaper: { id: number; variants: Array<{ id: number }> };

  const upload = (year: number, paper: GeneratedPaper) =>
    uploadGeneratedPaper(bff, admin.token, subjectId, year, paper);
  const questionsOf = (paperId: number | string, variant: number | string, token?: string) => {
    const req = bff.http().get(`${API}/papers/${paperId}/questions`).query({ variant });
    return token ? req.set(bearer(token)) : req;
  };
  /** Polls (no fixed sleep) until the admin's answer is no longer pending. */
  const detected = async (paperId: number, variant: number, timeoutMs = 60_000): Promise<Questions> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await questionsOf(paperId, variant, admin.token);
      expect(res.status).toBe(200);
      const data = res.body.data as Questions;
      if (data.status !== 'pending' || Date.now() > deadline) return data;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const documentIds = async (variantId: number): Promise<Record<string, number>> => {
    const rows: Array<{ id: number; kind: string }> = await bff.db.query(
      'SELECT id, kind FROM documents WHERE variant_id = $1',
      [variantId],
    );
    return Object.fromEntries(rows.map((row) => [row.kind, row.id]));
  };

  beforeAll(async () => {
    [sound, damaged] = await Promise.all([
      generatePaper(26, { questions: 6 }),
      generatePaper(27, { questions: 5, damage: 'marks-do-not-add-up' }),
    ]);
    bff = await startTestBff({ env: { DOCUMENT_TEXT_POLL_MS: '100' } });
    admin = await signInAdmin(bff);
    subjectId = (await createSubject(bff, admin, { name: 'Physics' })).id;
    soundPaper = await upload(2023, sound);
    damagedPaper = await upload(2022, damaged);
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('a generated paper and its mark scheme, once read, are ready with the right questions and links', async () => {
    const variantId = soundPaper.variants[0]!.id;
    const data = await detected(soundPaper.id, variantId);
    const docs = await documentIds(variantId);
    const labels = sound.questionPaper.labels;
    expect(data.reasons).toEqual([]);
    expect(data.status).toBe('ready');
    expect(data.source).toBe('detected');
    expect(data.stated_total).toBe(labels.statedTotal);
    expect(data.total_marks).toBe(labels.statedTotal);
    expect(data.questions.map((q) => q.number)).toEqual(labels.questions.map((q) => String(q.number)));
    expect(data.questions.map((q) => q.marks)).toEqual(labels.questions.map((q) => q.marks));
    data.questions.forEach((question, i) => {
      const label = labels.questions[i]!;
      expect(question.question_paper.document_id).toBe(docs['question-paper']);
      expect(question.question_paper.page).toBe(label.start.page);
      expect(Math.abs(question.question_paper.top - label.start.top)).toBeLessThan(0.03);
      const row = sound.markScheme.labels.questions.find((q) => q.number === label.number)!;
      expect(question.mark_scheme).not.toBeNull();
      expect(question.mark_scheme!.document_id).toBe(docs['mark-scheme']);
      expect(question.mark_scheme!.page).toBe(row.start.page);
      expect(Math.abs(question.mark_scheme!.top - row.start.top)).toBeLessThan(0.03);
    });
    // The examiner report comments on some questions: those link to it.
    const commented = data.questions.filter((q) => q.examiner_report !== null);
    expect(commented.length).toBeGreaterThan(0);
    for (const q of commented) expect(q.examiner_report!.document_id).toBe(docs['examiner-report']);

    // The public sees the same questions (and no reasons).
    const pub = await questionsOf(soundPaper.id, variantId);
    expect(pub.status).toBe(200);
    expect(pub.body.data.status).toBe('ready');
    expect(pub.body.data.reasons).toBeUndefined();
    expect(pub.body.data.questions).toEqual(data.questions);

    // Stored once per document read.
    const stored: Array<{ kind: string; status: string }> = await bff.db.query(
      'SELECT kind, status FROM questions WHERE document_id = ANY($1) ORDER BY kind',
      [Object.values(docs)],
    );
    expect(stored).toEqual([
      { kind: 'examiner-report', status: 'ready' },
      { kind: 'mark-scheme', status: 'ready' },
      { kind: 'question-paper', status: 'ready' },
    ]);
  });

  it('is pending while a document of the variant is read again but not yet detected; the public sees none', async () => {
    const variantId = soundPaper.variants[0]!.id;
    const docs = await documentIds(variantId);
    // The mark scheme's text row moves on to another reading (as when its file is replaced) without being read yet.
    // Changed behind the reader's back: the cached public answers go as they do when the reader stores a reading.
    const bump = async (by: number) => {
      await bff.db.query('UPDATE document_texts SET generation = generation + $2 WHERE document_id = $1', [
        docs['mark-scheme'],
        by,
      ]);
      bff.app.get(ReadCache).searchIndexChanged();
    };
    await bump(1);
    try {
      const res = await questionsOf(soundPaper.id, variantId, admin.token);
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('pending');
      expect(res.body.data.questions).toEqual([]);
      expect(res.body.data.reasons.join(' ')).toMatch(/mark scheme .* still being read/);
      const pub = await questionsOf(soundPaper.id, variantId);
      expect(pub.body.data).toMatchObject({ status: 'none', questions: [] });
    } finally {
      await bump(-1);
    }
    expect((await questionsOf(soundPaper.id, variantId)).body.data.status).toBe('ready');
  });

  it('a document read again (as npm run reindex does) is detected again from that reading', async () => {
    const variantId = soundPaper.variants[0]!.id;
    const docs = await documentIds(variantId);
    const before: Array<{ generation: number }> = await bff.db.query(
      'SELECT generation FROM questions WHERE document_id = $1',
      [docs['question-paper']],
    );
    await bff.db.query(
      `UPDATE document_texts SET status = 'pending', attempts = 0, next_attempt_at = now(), generation = generation + 1
        WHERE document_id = $1`,
      [docs['question-paper']],
    );
    const data = await detected(soundPaper.id, variantId);
    expect(data.status).toBe('ready');
    expect(data.questions.map((q) => q.marks)).toEqual(sound.questionPaper.labels.questions.map((q) => q.marks));
    const after: Array<{ generation: number }> = await bff.db.query(
      'SELECT generation FROM questions WHERE document_id = $1',
      [docs['question-paper']],
    );
    expect(after[0]!.generation).toBe(before[0]!.generation + 1);
  });

  it('a damaged paper is flagged: the admin sees why, the public sees no questions', async () => {
    const variantId = damagedPaper.variants[0]!.id;
    const data = await detected(damagedPaper.id, variantId);
    expect(data.status).toBe('flagged');
    expect(data.reasons!.length).toBeGreaterThan(0);
    expect(data.reasons!.join(' ')).toMatch(/mark/i);
    expect(data.questions.length).toBeGreaterThan(0);

    const pub = await questionsOf(damagedPaper.id, variantId);
    expect(pub.status).toBe(200);
    expect(pub.body.data).toEqual({
      status: 'none',
      total_marks: null,
      stated_total: null,
      source: 'detected',
      questions: [],
    });
  });

  it('answers 400 for bad ids and 404 for an unknown paper or a variant of another paper', async () => {
    const variantId = soundPaper.variants[0]!.id;
    for (const [paper, variant] of [
      ['abc', variantId],
      ['0', variantId],
      ['-3', variantId],
      ['1.5', variantId],
      [soundPaper.id, 'x'],
      [soundPaper.id, '0'],
      [soundPaper.id, '99999999999'],
    ] as const) {
      const res = await questionsOf(paper, variant);
      expect([paper, variant, res.status]).toEqual([paper, variant, 400]);
      expect(res.body.error ?? res.body.message).toBeTruthy();
    }
    const missing = await bff.http().get(`${API}/papers/${soundPaper.id}/questions`);
    expect(missing.status).toBe(400);
    const twice = await bff.http().get(`${API}/papers/${soundPaper.id}/questions?variant=1&variant=2`);
    expect(twice.status).toBe(400);

    expect((await questionsOf(999_999, variantId)).status).toBe(404);
    expect((await questionsOf(soundPaper.id, 999_999)).status).toBe(404);
    expect((await questionsOf(soundPaper.id, damagedPaper.variants[0]!.id)).status).toBe(404);
    expect((await questionsOf(damagedPaper.id, variantId, admin.token)).status).toBe(404);
  });

  it('a file that cannot be read, or has no question layout, gives none: no questions rather than wrong ones', async () => {
    const req: Test = bff.http().post(`${API}/past_papers.php`).set(bearer(admin.token));
    const fields = {
      subject_id: String(subjectId),
      year: '2021',
      session: 'May/June',
      code: 'x',
      level: 'x',
      subject: 'x',
      variants: JSON.stringify([
        { name: 'Paper 11', slug: 'paper-11', version: 11 },
        { name: 'Paper 12', slug: 'paper-12', version: 12 },
      ]),
    };
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    req.attach('variant_0_document_path', BROKEN_PDF, 'broken.pdf');
    req.attach(
      'variant_1_document_path',
      await pagedPdf(['A letter to parents', 'Nothing numbered here']),
      'letter.pdf',
    );
    const res = await req;
    expect(res.status).toBe(201);
    const paper = res.body.data as { id: number; variants: Array<{ id: number }> };

    const broken = await detected(paper.id, paper.variants[0]!.id);
    expect(broken.status).toBe('none');
    expect(broken.questions).toEqual([]);
    expect(broken.reasons!.join(' ')).toMatch(/could not be read/);

    const letter = await detected(paper.id, paper.variants[1]!.id);
    expect(letter.status).toBe('none');
    expect(letter.questions).toEqual([]);
    expect(letter.reasons!.join(' ')).toMatch(/No question layout/);

    for (const variant of paper.variants) {
      const pub = await questionsOf(paper.id, variant.id);
      expect(pub.status).toBe(200);
      expect(pub.body.data).toMatchObject({ status: 'none', questions: [] });
    }
  });

  it('answers match the contract in docs/openapi.json (no field more or less)', async () => {
    type Json = Record<string, unknown>;
    const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
      paths: Record<
        string,
        { get: { responses: Record<string, { content: { 'application/json': { schema: Json } } }> } }
      >;
      components: { schemas: Record<string, Json> };
    };
    const close = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(close);
      if (typeof node !== 'object' || node === null) return;
      const object = node as Json;
      if (object.properties && object.additionalProperties === undefined) object.additionalProperties = false;
      Object.values(object).forEach(close);
    };
    close(doc.components.schemas);
    const responses = doc.paths[`${API}/papers/{paperId}/questions`]!.get.responses;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const ok = ajv.compile({ ...responses['200']!.content['application/json'].schema, components: doc.components });
    const failure = ajv.compile({
      ...responses.default!.content['application/json'].schema,
      components: doc.components,
    });
    const variantId = soundPaper.variants[0]!.id;
    for (const res of [
      await questionsOf(soundPaper.id, variantId),
      await questionsOf(soundPaper.id, variantId, admin.token),
      await questionsOf(damagedPaper.id, damagedPaper.variants[0]!.id),
      await questionsOf(damagedPaper.id, damagedPaper.variants[0]!.id, admin.token),
    ]) {
      expect(res.status).toBe(200);
      expect({ body: res.body, errors: ok(res.body) ? null : ok.errors }).toEqual({ body: res.body, errors: null });
    }
    const bad = await questionsOf('abc', variantId);
    expect(bad.status).toBe(400);
    expect(failure(bad.body) ? null : failure.errors).toBeNull();
  });
});
