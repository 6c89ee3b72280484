import { generatePaper, type GeneratedPaper } from '../src/question-detection/testing/question-papers';
import { API, bearer, createSubject, createUser, signInAdmin, type SignedIn } from './support/api';
import { uploadGeneratedPaper } from './support/generated-papers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestBff, type TestBff } from './support/test-bff';

interface Place {
  document_id: number;
  page: number;
  top: number;
}
interface Question {
  number: string;
  marks: number;
  question_paper: Place;
  mark_scheme: Place | null;
  examiner_report: Place | null;
}
interface Questions {
  status: string;
  total_marks: number | null;
  stated_total: number | null;
  source: string;
  reasons?: string[];
  updated_at?: string | null;
  confirmed?: boolean;
  documents?: Record<string, { document_id: number; pages: number | null } | null>;
  questions: Question[];
}
interface PaperRef {
  id: number;
  variants: Array<{ id: number }>;
}

/** The edit body for a set of questions as the API answers them (places without their document ids). */
const asEdit = (questions: Question[]) =>
  questions.map((q) => ({
    number: q.number,
    marks: q.marks,
    question_paper: { page: q.question_paper.page, top: q.question_paper.top },
    mark_scheme: q.mark_scheme && { page: q.mark_scheme.page, top: q.mark_scheme.top },
    examiner_report: q.examiner_report && { page: q.examiner_report.page, top: q.examiner_report.top },
  }));

describe("admin edits of a paper's questions", () => {
  let bff: TestBff;
  let admin: SignedIn;
  let subjectId: number;
  let sound: GeneratedPaper;
  let damaged: GeneratedPaper;
  let soundPaper: PaperRef;
  let damagedPaper: PaperRef;

  const upload = (year: number, paper: GeneratedPaper) =>
    uploadGeneratedPaper(bff, admin.token, subjectId, year, paper);
  const url = (paper: PaperRef) => `${API}/papers/${paper.id}/questions?variant=${paper.variants[0]!.id}`;
  const read = (paper: PaperRef, token?: string) => {
    const req = bff.http().get(url(paper));
    return token ? req.set(bearer(token)) : req;
  };
  const put = (paper: PaperRef, body: unknown, token = admin.token) =>
    bff
      .http()
      .put(url(paper))
      .set(bearer(token))
      .send(body as object);
  /** Polls (no fixed sleep) until the admin's answer is no longer pending. */
  const detected = async (paper: PaperRef, timeoutMs = 60_000): Promise<Questions> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await read(paper, admin.token);
      expect(res.status).toBe(200);
      const data = res.body.data as Questions;
      if (data.status !== 'pending' || Date.now() > deadline) return data;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const questionPaperId = async (paper: PaperRef): Promise<number> => {
    const [row] = await bff.db.query<Array<{ id: number }>>(
      `SELECT id FROM documents WHERE variant_id = $1 AND kind = 'question-paper'`,
      [paper.variants[0]!.id],
    );
    return row!.id;
  };

  beforeAll(async () => {
    [sound, damaged] = await Promise.all([
      generatePaper(126, { questions: 6 }),
      generatePaper(127, { questions: 5, damage: 'marks-do-not-add-up' }),
    ]);
    bff = await startTestBff({ env: { DOCUMENT_TEXT_POLL_MS: '100' } });
    admin = await signInAdmin(bff);
    subjectId = (await createSubject(bff, admin, { name: 'Chemistry' })).id;
    soundPaper = await upload(2023, sound);
    damagedPaper = await upload(2022, damaged);
    await Promise.all([detected(soundPaper), detected(damagedPaper)]);
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('an admin moves a start and changes marks: the public sees the edited set; the edit is audit-logged', async () => {
    const before = await detected(soundPaper);
    expect(before.status).toBe('ready');
    expect(before.source).toBe('detected');
    expect(before.documents!.question_paper!.pages).toBe(sound.questionPaper.labels.pages);
    const edit = asEdit(before.questions);
    // Question 2 starts a little lower; marks move from question 1 to question 2 (the total still adds up).
    edit[1]!.question_paper.top = Math.min(0.95, edit[1]!.question_paper.top + 0.02);
    const moved = edit[1]!.question_paper.top;
    edit[0]!.marks -= 1;
    edit[1]!.marks += 1;
    const res = await put(soundPaper, { updated_at: before.updated_at, questions: edit });
    expect(res.status).toBe(200);
    const saved = res.body.data as Questions;
    // The mark scheme disagrees on questions 1 and 2 now: flagged until confirmed.
    expect(saved.source).toBe('edited');
    expect(saved.status).toBe('flagged');
    expect(saved.reasons!.join(' ')).toMatch(/Question 1: .* the mark scheme gives/);
    expect((await read(soundPaper)).body.data).toMatchObject({ status: 'none', questions: [] });

    // Put back the marks: every check passes, the public sees the moved start.
    edit[0]!.marks += 1;
    edit[1]!.marks -= 1;
    const fixed = await put(soundPaper, { updated_at: saved.updated_at, questions: edit });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data).toMatchObject({ status: 'ready', source: 'edited', reasons: [] });
    const pub = await read(soundPaper);
    expect(pub.status).toBe(200);
    const shown = pub.body.data as Questions;
    expect(shown.status).toBe('ready');
    expect(shown.source).toBe('edited');
    expect(shown.reasons).toBeUndefined();
    expect(shown.updated_at).toBeUndefined();
    expect(shown.documents).toBeUndefined();
    expect(shown.questions[1]!.question_paper.top).toBe(moved);
    expect(shown.questions.map((q) => q.marks)).toEqual(before.questions.map((q) => q.marks));
    expect(shown.questions[0]!.mark_scheme).toEqual(before.questions[0]!.mark_scheme);

    const audit: Array<{ action: string; entity_type: string; user_id: number }> = await bff.db.query(
      `SELECT action, entity_type, user_id FROM audit_log WHERE entity_type = 'questions' AND entity_id = $1`,
      [await questionPaperId(soundPaper)],
    );
    expect(audit).toHaveLength(2);
    expect(audit.every((row) => row.user_id === admin.id && row.action === 'update')).toBe(true);
  });

  it('a stale version answers 409 and changes nothing', async () => {
    const current = await detected(soundPaper);
    const edit = asEdit(current.questions);
    const first = await put(soundPaper, { updated_at: current.updated_at, questions: edit });
    expect(first.status).toBe(200);
    edit[0]!.marks = 99;
    const stale = await put(soundPaper, { updated_at: current.updated_at, questions: edit });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/changed by someone else/);
    const after = await detected(soundPaper);
    expect(after.questions[0]!.marks).toBe(current.questions[0]!.marks);
    expect(after.updated_at).toBe(first.body.data.updated_at);
    // If-Match with the ETag of the read works as the version too.
    const etag = (await read(soundPaper, admin.token)).headers.etag as string;
    expect(etag).toMatch(/^"\d+"$/);
    const viaHeader = await bff.http().put(url(soundPaper)).set(bearer(admin.token)).set('If-Match', '"1"').send({
      questions: edit,
    });
    expect(viaHeader.status).toBe(409);
  });

  it('refuses bad input with a clear 400, before anything is stored', async () => {
    const current = await detected(soundPaper);
    const good = asEdit(current.questions);
    const pages = current.documents!.question_paper!.pages!;
    const one = (change: (q: ReturnType<typeof asEdit>[number]) => void) => {
      const edit = structuredClone(good);
      change(edit[0]!);
      return { questions: edit };
    };
    const cases: Array<[string, unknown, RegExp]> = [
      ['no list', {}, /Questions (are required|must be a list)/],
      ['not a list', { questions: 'all of them' }, /Questions must be a list/],
      ['top 2', one((q) => (q.question_paper.top = 2)), /Top must be a number from 0/],
      ['top -0.1', one((q) => (q.question_paper.top = -0.1)), /Top must be a number from 0/],
      ['top as text', one((q) => ((q.question_paper as { top: unknown }).top = '0.5')), /Top must be a number/],
      ['page 0', one((q) => (q.question_paper.page = 0)), /Page must be a whole number from 1/],
      ['page 1.5', one((q) => (q.question_paper.page = 1.5)), /Page must be a whole number from 1/],
      [
        'page beyond',
        one((q) => (q.question_paper.page = pages + 1)),
        new RegExp(`beyond the question paper's ${pages} pages`),
      ],
      ['ms page beyond', one((q) => (q.mark_scheme = { page: 500, top: 0.1 })), /beyond the mark scheme's/],
      ['marks -1', one((q) => (q.marks = -1)), /Marks must be a whole number from 0 to 999/],
      ['marks 1000', one((q) => (q.marks = 1000)), /Marks must be a whole number from 0 to 999/],
      ['marks 2.5', one((q) => (q.marks = 2.5)), /Marks must be a whole number/],
      ['number too long', one((q) => (q.number = '123456789')), /at most 8 characters/],
      ['number empty', one((q) => (q.number = '')), /Question number must be 1 to 8/],
      ['number markup', one((q) => (q.number = '<b>')), /Question number must be 1 to 8/],
      [
        'no start',
        one((q) => delete (q as Partial<typeof q>).question_paper),
        /starts in the question paper is required/,
      ],
      [
        'number twice',
        { questions: [good[0], { ...good[1], number: good[0]!.number }, ...good.slice(2)] },
        /used twice/,
      ],
      ['out of order', { questions: [good[1], good[0], ...good.slice(2)] }, /must start below question/],
      ['confirmed junk', { questions: good, confirmed: 'yes' }, /Confirmed must be true or false/],
      ['bad version', { questions: good, updated_at: 'yesterday' }, /updated_at must be/],
    ];
    const huge = Array.from({ length: 201 }, (_, i) => ({
      number: String(i + 1),
      marks: 1,
      question_paper: { page: 1, top: (i + 1) / 1000 },
      mark_scheme: null,
      examiner_report: null,
    }));
    cases.push(['201 questions', { questions: huge }, /at most 200 questions/]);
    for (const [name, body, message] of cases) {
      const res = await put(soundPaper, body);
      expect([name, res.status]).toEqual([name, 400]);
      expect([name, String(res.body.error)]).toEqual([name, expect.stringMatching(message)]);
    }
    // A NUL character anywhere in the body: refused by the JSON reader.
    const nul = await bff
      .http()
      .put(url(soundPaper))
      .set(bearer(admin.token))
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ questions: [{ ...good[0], number: '1\u0000' }] }));
    expect(nul.status).toBe(400);
    expect(nul.body.error).toMatch(/NUL/);
    // A very large body or array: refused before validation, never a 500.
    const big = await put(soundPaper, { questions: Array.from({ length: 100_000 }, () => good[0]) });
    expect([400, 413]).toContain(big.status);
    // Unknown paper, variant of another paper: 404.
    expect(
      (
        await bff
          .http()
          .put(`${API}/papers/999999/questions?variant=${soundPaper.variants[0]!.id}`)
          .set(bearer(admin.token))
          .send({ questions: good })
      ).status,
    ).toBe(404);
    expect(
      (
        await bff
          .http()
          .put(`${API}/papers/${soundPaper.id}/questions?variant=${damagedPaper.variants[0]!.id}`)
          .set(bearer(admin.token))
          .send({ questions: good })
      ).status,
    ).toBe(404);
    expect(
      (
        await bff
          .http()
          .put(`${API}/papers/${soundPaper.id}/questions?variant=abc`)
          .set(bearer(admin.token))
          .send({ questions: good })
      ).status,
    ).toBe(400);
    // Nothing changed.
    expect((await detected(soundPaper)).updated_at).toBe(current.updated_at);
  });

  it('only admins may edit: 401 anonymous, 403 another role, 403 a cookie write from another site', async () => {
    const current = await detected(soundPaper);
    const body = { questions: asEdit(current.questions) };
    expect((await bff.http().put(url(soundPaper)).send(body)).status).toBe(401);
    expect(
      (await bff.http().delete(`${API}/papers/${soundPaper.id}/questions/edits?variant=${soundPaper.variants[0]!.id}`))
        .status,
    ).toBe(401);
    const user = await createUser(bff, admin, { role: 'user' });
    expect((await put(soundPaper, body, user.token)).status).toBe(403);
    const login = await bff.http().post(`${API}/auth_login.php`).send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('auth_token='))!
      .split(';')[0]!;
    const crossSite = await bff
      .http()
      .put(url(soundPaper))
      .set('Cookie', cookie)
      .set('Origin', 'http://evil.example')
      .send(body);
    expect(crossSite.status).toBe(403);
    expect((await detected(soundPaper)).updated_at).toBe(current.updated_at);
  });

  it('edits survive a re-read of the file; the detection under them is refreshed', async () => {
    const current = await detected(soundPaper);
    expect(current.source).toBe('edited');
    const documentId = await questionPaperId(soundPaper);
    const before: Array<{ generation: number }> = await bff.db.query(
      'SELECT generation FROM questions WHERE document_id = $1',
      [documentId],
    );
    // Read again, as `npm run reindex` does.
    await bff.db.query(
      `UPDATE document_texts SET status = 'pending', attempts = 0, next_attempt_at = now(), generation = generation + 1
        WHERE document_id = $1`,
      [documentId],
    );
    const deadline = Date.now() + 60_000;
    let generation = before[0]!.generation;
    while (generation === before[0]!.generation && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      const [row] = await bff.db.query<Array<{ generation: number }>>(
        'SELECT generation FROM questions WHERE document_id = $1',
        [documentId],
      );
      generation = row!.generation;
    }
    expect(generation).toBe(before[0]!.generation + 1);
    const after = await detected(soundPaper);
    expect(after.source).toBe('edited');
    expect(after.status).toBe('ready');
    expect(after.questions).toEqual(current.questions);
    expect((await read(soundPaper)).body.data.questions).toEqual(current.questions);
  });

  it('dropping the edits shows the detection again (the replace form\'s "do not keep")', async () => {
    const current = await detected(soundPaper);
    expect(current.source).toBe('edited');
    const stale = await bff
      .http()
      .delete(`${API}/papers/${soundPaper.id}/questions/edits?variant=${soundPaper.variants[0]!.id}`)
      .set(bearer(admin.token))
      .send({ updated_at: '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    const res = await bff
      .http()
      .delete(`${API}/papers/${soundPaper.id}/questions/edits?variant=${soundPaper.variants[0]!.id}`)
      .set(bearer(admin.token))
      .send({ updated_at: current.updated_at });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ready', source: 'detected' });
    const labels = sound.questionPaper.labels.questions;
    const shown = (await read(soundPaper)).body.data as Questions;
    expect(shown.source).toBe('detected');
    shown.questions.forEach((q, i) => expect(Math.abs(q.question_paper.top - labels[i]!.start.top)).toBeLessThan(0.03));
  });

  it('a flagged set stays hidden until an admin fixes or confirms it; confirmed, the public sees it ready', async () => {
    const flagged = await detected(damagedPaper);
    expect(flagged.status).toBe('flagged');
    expect((await read(damagedPaper)).body.data).toMatchObject({ status: 'none', questions: [] });
    // Saved unchanged without confirming: still flagged, still hidden.
    const unchanged = await put(damagedPaper, { updated_at: flagged.updated_at, questions: asEdit(flagged.questions) });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data).toMatchObject({ status: 'flagged', source: 'edited', confirmed: false });
    expect((await read(damagedPaper)).body.data.status).toBe('none');
    // Confirmed: ready for everyone, the admin still sees what the checks found.
    const confirmed = await put(damagedPaper, {
      updated_at: unchanged.body.data.updated_at,
      questions: asEdit(flagged.questions),
      confirmed: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'ready', source: 'edited', confirmed: true });
    expect(confirmed.body.data.reasons.length).toBeGreaterThan(0);
    const pub = (await read(damagedPaper)).body.data as Questions;
    expect(pub.status).toBe('ready');
    expect(pub.source).toBe('edited');
    expect(pub.questions.map((q) => q.number)).toEqual(flagged.questions.map((q) => q.number));
    // The next edit without confirming is checked again.
    const edited = await put(damagedPaper, {
      updated_at: confirmed.body.data.updated_at,
      questions: asEdit(flagged.questions),
    });
    expect(edited.body.data).toMatchObject({ status: 'flagged', confirmed: false });
  });
});
