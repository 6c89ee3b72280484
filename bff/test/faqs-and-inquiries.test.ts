import { API, bearer, countRows, createUser, signInAdmin, type SignedIn } from './support/api';
import { startTestBff, type TestBff } from './support/test-bff';

describe('faqs.php / faqs and inquiries.php', () => {
  let bff: TestBff;
  let admin: SignedIn;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
  });
  afterAll(async () => {
    await bff?.close();
  });

  const createFaq = (body: Record<string, unknown>, path = '/faqs') =>
    bff.http().post(`${API}${path}`).set(bearer(admin.token)).send(body);

  describe('FAQs', () => {
    it('sanitises the answer on write: formatting, links and line breaks survive; scripts, handlers, iframes, styles and javascript: URLs do not', async () => {
      const answer = [
        '<p onclick="steal()">Read <b>this</b> <strong>carefully</strong>, <em>please</em>.</p>',
        '<script>alert(1)</script><iframe src="https://evil.example"></iframe>',
        '<a href="javascript:alert(1)">bad link</a> <a href="https://example.com/help" target="_blank">help</a> <a href="/contact">contact</a> <a href="mailto:a@b.example">mail</a>',
        '<img src=x onerror=alert(1)><style>body{display:none}</style><ul><li>one</li></ul>',
        'Line one\nLine two',
      ].join('\n');
      const res = await createFaq({ question: '  How? ', answer, category: 'General', sort_order: 2 }).expect(201);
      const saved = res.body.data.answer as string;
      expect(saved).toContain('<p>Read <b>this</b> <strong>carefully</strong>, <em>please</em>.</p>');
      expect(saved).toContain('<a href="https://example.com/help" target="_blank" rel="noopener noreferrer">help</a>');
      expect(saved).toContain('<a href="/contact">contact</a>');
      expect(saved).toContain('<a href="mailto:a@b.example">mail</a>');
      expect(saved).toContain('<ul><li>one</li></ul>');
      expect(saved).toContain('Line one\nLine two');
      for (const bad of [
        '<script',
        'alert(1)',
        '<iframe',
        'onclick',
        'onerror',
        'javascript:',
        '<img',
        '<style',
        'display:none',
      ]) {
        expect(saved).not.toContain(bad);
      }
      expect(res.body.data).toMatchObject({
        question: 'How?',
        category: 'General',
        sort_order: 2,
        published: true,
        is_published: true,
      });
      const [row] = await bff.db.query('SELECT answer FROM faqs WHERE id = $1', [res.body.data.id]);
      expect(row.answer).toBe(saved);
    });

    it.each([
      [{ answer: 'A', category: 'General' }, 'Question is required'],
      [{ question: 'Q', category: 'General' }, 'Answer is required'],
      [{ question: 'Q', answer: '<script>alert(1)</script>' }, 'Answer is required'],
      [{ question: 'Q', answer: 'A', category: '' }, 'Category is required'],
      [{ question: 'Q', answer: 'A', sort_order: -1 }, 'Sort order must be a whole number of at least 0'],
      [{ question: 'Q', answer: 'A', sort_order: 1.5 }, 'Sort order must be a whole number of at least 0'],
      [{ question: 'Q', answer: 'A', is_published: 'maybe' }, 'Published must be true or false'],
    ])('rejects %j with "%s"', async (body, message) => {
      const before = await countRows(bff, 'faqs');
      expect((await createFaq(body).expect(400)).body.error).toBe(message);
      expect(await countRows(bff, 'faqs')).toBe(before);
    });

    it('defaults to category General, order 0, published; /faqs.php works for writes too', async () => {
      const res = await createFaq({ question: 'Defaults?', answer: 'Yes' }, '/faqs.php').expect(201);
      expect(res.body.data).toMatchObject({ category: 'General', sort_order: 0, is_published: true });
    });

    it('shows drafts to admins only; published_only, category filter, categories and sort order', async () => {
      await createFaq({ question: 'Draft one', answer: 'Hidden', category: 'Secret', is_published: false }).expect(201);
      const c2 = (
        await createFaq({ question: 'Contact second', answer: 'x', category: 'Contact', sort_order: 5 }).expect(201)
      ).body.data;
      const c1 = (
        await createFaq({ question: 'Contact first', answer: 'x', category: 'Contact', sort_order: 1 }).expect(201)
      ).body.data;

      const pub = (await bff.http().get(`${API}/faqs.php`).expect(200)).body;
      expect(pub.faqs.some((f: { question: string }) => f.question === 'Draft one')).toBe(false);
      expect(pub.categories).not.toContain('Secret');
      expect(pub.categories).toEqual([...pub.categories].sort());
      const orders = pub.faqs.map((f: { sort_order: number }) => f.sort_order);
      expect(orders).toEqual([...orders].sort((a: number, b: number) => a - b));

      const adminAll = (await bff.http().get(`${API}/faqs.php`).set(bearer(admin.token)).expect(200)).body;
      expect(adminAll.faqs.some((f: { question: string }) => f.question === 'Draft one')).toBe(true);
      expect(adminAll.categories).toContain('Secret');
      const adminPublished = (
        await bff.http().get(`${API}/faqs.php?published_only=true`).set(bearer(admin.token)).expect(200)
      ).body;
      expect(adminPublished.faqs.every((f: { published: boolean }) => f.published)).toBe(true);

      const contact = (await bff.http().get(`${API}/faqs?category=Contact&published_only=true`).expect(200)).body;
      expect(contact.faqs.map((f: { id: number }) => f.id)).toEqual([c1.id, c2.id]);
      expect(contact.categories).toEqual(expect.arrayContaining(['Contact', 'General']));

      const user = await createUser(bff, admin);
      const asUser = (await bff.http().get(`${API}/faqs.php`).set(bearer(user.token)).expect(200)).body;
      expect(asUser.faqs.some((f: { question: string }) => f.question === 'Draft one')).toBe(false);

      // A junk flag is refused the same way for everyone, signed in or not.
      for (const headers of [{}, bearer(admin.token)]) {
        const junk = await bff.http().get(`${API}/faqs.php?published_only=perhaps`).set(headers).expect(400);
        expect(junk.body).toEqual({
          error: 'Invalid published_only',
          errors: { published_only: 'Invalid published_only' },
        });
      }
    });

    it('reads one by ?path=, updates partially (status toggle, sort order), deletes; drafts are 404 to the public', async () => {
      const faq = (
        await createFaq({ question: 'Toggle me', answer: 'Original <b>answer</b>', category: 'General' }).expect(201)
      ).body.data;
      expect((await bff.http().get(`${API}/faqs?path=${faq.id}`).expect(200)).body.data.question).toBe('Toggle me');
      const off = await bff
        .http()
        .put(`${API}/faqs?path=${faq.id}`)
        .set(bearer(admin.token))
        .send({ is_published: false })
        .expect(200);
      expect(off.body.data).toMatchObject({
        is_published: false,
        published: false,
        question: 'Toggle me',
        answer: 'Original <b>answer</b>',
      });
      await bff.http().get(`${API}/faqs?path=${faq.id}`).expect(404);
      expect(
        (await bff.http().get(`${API}/faqs.php?path=${faq.id}`).set(bearer(admin.token)).expect(200)).body.data
          .is_published,
      ).toBe(false);
      const reordered = await bff
        .http()
        .put(`${API}/faqs.php?path=${faq.id}`)
        .set(bearer(admin.token))
        .send({ sort_order: 7 })
        .expect(200);
      expect(reordered.body.data).toMatchObject({ sort_order: 7, is_published: false });
      const bad = await bff
        .http()
        .put(`${API}/faqs?path=${faq.id}`)
        .set(bearer(admin.token))
        .send({ question: '' })
        .expect(400);
      expect(bad.body.error).toBe('Question is required');
      const xss = await bff
        .http()
        .put(`${API}/faqs?path=${faq.id}`)
        .set(bearer(admin.token))
        .send({ answer: '<a href="javascript:x()">x</a>ok' })
        .expect(200);
      expect(xss.body.data.answer).toBe('<a>x</a>ok');
      const [entry] = await bff.db.query(
        `SELECT description FROM audit_log WHERE entity_type = 'faq' AND entity_id = $1 ORDER BY id LIMIT 1 OFFSET 1`,
        [faq.id],
      );
      expect(entry.description).toBe('Unpublished FAQ "Toggle me"');
      await bff.http().delete(`${API}/faqs?path=${faq.id}`).set(bearer(admin.token)).expect(200);
      await bff.http().put(`${API}/faqs?path=${faq.id}`).set(bearer(admin.token)).send({ sort_order: 1 }).expect(404);
      await bff.http().delete(`${API}/faqs?path=abc`).set(bearer(admin.token)).expect(400);
    });
  });

  describe('inquiries', () => {
    // Many visitors, one message each (one client's messages are rate-limited: public-write-limit.test.ts).
    let visitor = 0;
    const send = (body: Record<string, unknown>) =>
      bff.http().post(`${API}/inquiries.php`).set('X-Forwarded-For', `192.0.2.${++visitor}`).send(body);
    const valid = {
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Missing paper',
      message: 'Priority: medium\n\nPlease add 0580 2019.',
    };

    it('anyone can send one (201, status new, no audit entry)', async () => {
      const audits = await countRows(bff, 'audit_log');
      const res = await send(valid).expect(201);
      expect(res.body.data).toEqual({
        id: expect.any(Number),
        ...valid,
        status: 'new',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(await countRows(bff, 'audit_log')).toBe(audits);
    });

    it.each([
      [{ ...valid, name: '' }, 'Name is required'],
      [{ ...valid, email: undefined }, 'Email is required'],
      [{ ...valid, email: 'not-an-email' }, 'Please enter a valid email'],
      [{ ...valid, subject: '  ' }, 'Subject is required'],
      [{ ...valid, message: '' }, 'Message is required'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'Message must be at most 5,000 characters'],
      [{ ...valid, name: ['a', 'b'] }, 'Name is required'],
      // Single-line fields: a line break could forge lines (Bcc:) in the notification mail.
      [{ ...valid, name: 'Eve\r\nBcc: victim@example.org' }, 'Name cannot contain line breaks or control characters'],
      [{ ...valid, name: 'Eve\nBcc: victim@example.org' }, 'Name cannot contain line breaks or control characters'],
      [{ ...valid, name: 'Eve\u0000x' }, 'Request must not contain NUL characters'], // refused for every request
      [{ ...valid, name: 'Eve\tTab' }, 'Name cannot contain line breaks or control characters'],
      [{ ...valid, subject: 'Hi\u2028Bcc: a@example.org' }, 'Subject cannot contain line breaks or control characters'],
      [{ ...valid, subject: 'Hi\u2029Cc: a@example.org' }, 'Subject cannot contain line breaks or control characters'],
      [{ ...valid, subject: 'Hi\u0085Cc: a@example.org' }, 'Subject cannot contain line breaks or control characters'],
      [{ ...valid, subject: 'Hi\rBcc: a@example.org' }, 'Subject cannot contain line breaks or control characters'],
      [{ ...valid, email: 'eve@example.org\nBcc: c@example.org' }, 'Please enter a valid email'],
      [{ ...valid, message: 'Hello\u0000there' }, 'Request must not contain NUL characters'],
      [{ ...valid, message: 'Hello\u001bthere' }, 'Message cannot contain control characters'],
    ])('rejects %#: "%s"', async (body, message) => {
      const before = await countRows(bff, 'inquiries');
      expect((await send(body).expect(400)).body.error).toBe(message);
      expect(await countRows(bff, 'inquiries')).toBe(before);
    });

    it('keeps line breaks and tabs in the message, and trims a trailing line break off the name', async () => {
      const res = await send({ ...valid, name: 'Ada Lovelace\n', message: 'Line one\r\n\tLine two\nLine three' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'Ada Lovelace', message: 'Line one\r\n\tLine two\nLine three' });
    });

    it('accepts exactly 5,000 characters', async () => {
      await send({ ...valid, message: 'y'.repeat(5000) }).expect(201);
    });

    it('pages with page, limit and status and answers the total; status changes any way; deletes', async () => {
      await bff.db.query('DELETE FROM inquiries');
      const ids: number[] = [];
      for (let i = 0; i < 13; i++) ids.push((await send({ ...valid, subject: `S${i}` }).expect(201)).body.data.id);
      const page1 = (await bff.http().get(`${API}/inquiries.php`).set(bearer(admin.token)).expect(200)).body;
      expect(page1.total).toBe(13);
      expect(page1.inquiries).toHaveLength(10);
      expect(page1.inquiries[0].subject).toBe('S12'); // newest first
      const page2 = (await bff.http().get(`${API}/inquiries.php?page=2&limit=10`).set(bearer(admin.token)).expect(200))
        .body;
      expect(page2.inquiries.map((i: { subject: string }) => i.subject)).toEqual(['S2', 'S1', 'S0']);

      const target = ids[0]!;
      const progress = await bff
        .http()
        .put(`${API}/inquiries.php?path=${target}`)
        .set(bearer(admin.token))
        .send({ status: 'in_progress' })
        .expect(200);
      expect(progress.body.data.status).toBe('in_progress');
      await bff
        .http()
        .put(`${API}/inquiries.php?path=${target}`)
        .set(bearer(admin.token))
        .send({ status: 'resolved' })
        .expect(200);
      await bff
        .http()
        .put(`${API}/inquiries.php?path=${ids[1]}`)
        .set(bearer(admin.token))
        .send({ status: 'resolved' })
        .expect(200);
      const resolved = (
        await bff.http().get(`${API}/inquiries.php?status=resolved&limit=1`).set(bearer(admin.token)).expect(200)
      ).body;
      expect(resolved.total).toBe(2);
      expect(resolved.inquiries).toHaveLength(1);
      expect(
        (await bff.http().get(`${API}/inquiries.php?path=${target}`).set(bearer(admin.token)).expect(200)).body.data
          .status,
      ).toBe('resolved');
      const [entry] = await bff.db.query(
        `SELECT description FROM audit_log WHERE entity_type = 'inquiry' ORDER BY id DESC LIMIT 1`,
      );
      expect(entry.description).toBe('Marked inquiry from Ada as resolved');

      expect(
        (
          await bff
            .http()
            .put(`${API}/inquiries.php?path=${target}`)
            .set(bearer(admin.token))
            .send({ status: 'closed' })
            .expect(400)
        ).body.error,
      ).toBe('Status must be new, in_progress or resolved');
      expect(
        (await bff.http().put(`${API}/inquiries.php?path=${target}`).set(bearer(admin.token)).send({}).expect(400)).body
          .error,
      ).toBe('Status is required');
      for (const q of ['page=0', 'page=abc', 'limit=0', 'limit=101', 'status=open', 'page=1&page=2']) {
        expect([q, (await bff.http().get(`${API}/inquiries.php?${q}`).set(bearer(admin.token))).status]).toEqual([
          q,
          400,
        ]);
      }
      await bff.http().delete(`${API}/inquiries.php?path=${target}`).set(bearer(admin.token)).expect(200);
      await bff.http().get(`${API}/inquiries.php?path=${target}`).set(bearer(admin.token)).expect(404);
      expect((await bff.http().get(`${API}/inquiries.php`).set(bearer(admin.token)).expect(200)).body.total).toBe(12);
    });
  });
});
