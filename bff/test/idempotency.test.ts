import { API, bearer, countRows, createSubject, signInAdmin, type SignedIn } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

/** Creates accept an Idempotency-Key, so a retried request does not create twice. */
describe('Idempotency-Key on creates', () => {
  let bff: TestBff;
  let admin: SignedIn;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
  });
  afterAll(async () => {
    await bff?.close();
  });

  const faq = (question: string) => ({ question, answer: 'An answer.', category: 'General' });

  it('answers a retry with the first answer and creates once', async () => {
    const before = await countRows(bff, 'faqs');
    const first = await bff
      .http()
      .post(`${API}/faqs.php`)
      .set(bearer(admin.token))
      .set('Idempotency-Key', 'faq-create-1')
      .send(faq('Retried question?'));
    expect(first.status).toBe(201);
    const retry = await bff
      .http()
      .post(`${API}/faqs.php`)
      .set(bearer(admin.token))
      .set('Idempotency-Key', 'faq-create-1')
      .send(faq('Retried question?'));
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await countRows(bff, 'faqs')).toBe(before + 1);
    // Without a key, the same request creates again (the spec's behaviour).
    await bff.http().post(`${API}/faqs.php`).set(bearer(admin.token)).send(faq('Retried question?')).expect(201);
    expect(await countRows(bff, 'faqs')).toBe(before + 2);
  });

  it('creates once when the same key arrives 8 times at once', async () => {
    const before = await countRows(bff, 'faqs');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        bff
          .http()
          .post(`${API}/faqs.php`)
          .set(bearer(admin.token))
          .set('Idempotency-Key', 'faq-burst')
          .send(faq('Burst question?')),
      ),
    );
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 201 && a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await countRows(bff, 'faqs')).toBe(before + 1);
  });

  it('refuses the same key with another request (422) and keeps nothing for a failed request', async () => {
    await bff
      .http()
      .post(`${API}/faqs.php`)
      .set(bearer(admin.token))
      .set('Idempotency-Key', 'faq-reuse')
      .send(faq('First?'))
      .expect(201);
    const other = await bff
      .http()
      .post(`${API}/faqs.php`)
      .set(bearer(admin.token))
      .set('Idempotency-Key', 'faq-reuse')
      .send(faq('Second?'));
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: 'This Idempotency-Key was already used for a different request' });

    const invalid = await bff
      .http()
      .post(`${API}/faqs.php`)
      .set(bearer(admin.token))
      .set('Idempotency-Key', 'faq-failed')
      .send({ question: '' });
    expect(invalid.status).toBe(400);
    await bff
      .http()
      .post(`${API}/faqs.php`)
      .set(bearer(admin.token))
      .set('Idempotency-Key', 'faq-failed')
      .send({ question: '' })
      .expect(400); // not a replay: nothing was kept
    const bad = await bff
      .http()
      .post(`${API}/faqs.php`)
      .set(bearer(admin.token))
      .set('Idempotency-Key', ' ')
      .send(faq('x'));
    expect(bad.status).toBe(400);
  });

  it('keys are per user: another admin with the same key creates their own', async () => {
    const before = await countRows(bff, 'inquiries');
    const send = (ip: string) =>
      bff
        .http()
        .post(`${API}/inquiries.php`)
        .set('X-Forwarded-For', ip)
        .set('Idempotency-Key', 'contact-1')
        .send({ name: 'Ann', email: 'ann@test.example', subject: 'Hi', message: 'Hello' });
    expect((await send('198.51.100.7')).status).toBe(201);
    expect((await send('198.51.100.7')).headers['idempotent-replayed']).toBe('true');
    expect((await send('198.51.100.8')).headers['idempotent-replayed']).toBeUndefined();
    expect(await countRows(bff, 'inquiries')).toBe(before + 2);
  });

  it('a retried multipart upload stores one paper and one file', async () => {
    const subject = await createSubject(bff, admin, { name: 'Physics', code: '5054', level: 'cambridge-igcse' });
    const before = await countRows(bff, 'past_papers');
    const upload = () =>
      bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .set('Idempotency-Key', 'paper-upload-1')
        .field('subject_id', String(subject.id))
        .field('year', '2023')
        .field('session', 'May/June')
        .field('variants', JSON.stringify([{ name: 'Paper 1', version: 1 }]))
        .attach('variant_0_document_path', pdfBytes('Physics'), 'p1.pdf');
    const first = await upload();
    expect(first.status).toBe(201);
    const retry = await upload();
    expect(retry.status).toBe(201);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(await countRows(bff, 'past_papers')).toBe(before + 1);
  });
});
