import { API, bearer, createSubject, createUser, signInAdmin, type SignedIn } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

const CHANGED =
  'This record was changed by someone else since you opened it. Reload it to see the changes, then edit again.';

/**
 * Admin edits carry the updated_at the form was loaded with (or If-Match with the record's ETag); an
 * edit made on an older version answers 409 and writes nothing.
 */
describe('lost updates', () => {
  let bff: TestBff;
  let admin: SignedIn;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('FAQ: the second of two editors who loaded the same version gets 409 and changes nothing', async () => {
    const created = (
      await bff
        .http()
        .post(`${API}/faqs.php`)
        .set(bearer(admin.token))
        .send({ question: 'Original?', answer: 'A.', category: 'General' })
        .expect(201)
    ).body.data as { id: number; updated_at: string };
    const loaded = created.updated_at;
    await bff
      .http()
      .put(`${API}/faqs.php?path=${created.id}`)
      .set(bearer(admin.token))
      .send({ question: 'First editor?', updated_at: loaded })
      .expect(200);
    const stale = await bff
      .http()
      .put(`${API}/faqs.php?path=${created.id}`)
      .set(bearer(admin.token))
      .send({ question: 'Second editor?', updated_at: loaded });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: CHANGED });
    const [row] = await bff.db.query('SELECT question FROM faqs WHERE id = $1', [created.id]);
    expect(row.question).toBe('First editor?');
    // Partial toggles name no version and still apply.
    await bff
      .http()
      .put(`${API}/faqs.php?path=${created.id}`)
      .set(bearer(admin.token))
      .send({ is_published: false })
      .expect(200);
  });

  it('subject (multipart): a stale updated_at is refused, the current one accepted', async () => {
    const subject = await createSubject(bff, admin, { name: 'Biology', code: '0610' });
    const read = async () =>
      (await bff.http().get(`${API}/subjects.php?id=${subject.id}`).set(bearer(admin.token)).expect(200)).body.data as {
        updated_at: string;
      };
    const loaded = (await read()).updated_at;
    const edit = (name: string, version: string) =>
      bff
        .http()
        .post(`${API}/subjects.php`)
        .set(bearer(admin.token))
        .field('id', String(subject.id))
        .field('_method', 'PUT')
        .field('name', name)
        .field('code', '0610')
        .field('level', 'cambridge-igcse')
        .field('updated_at', version);
    expect((await edit('Biology A', loaded)).status).toBe(200);
    const stale = await edit('Biology B', loaded);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(CHANGED);
    expect((await edit('Biology C', (await read()).updated_at)).status).toBe(200);
  });

  it('past paper: If-Match with the ETag of the admin read works like updated_at', async () => {
    const subject = await createSubject(bff, admin, { name: 'Chemistry', code: '0620' });
    const paper = (
      await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subject.id))
        .field('year', '2022')
        .field('session', 'May/June')
        .field('variants', JSON.stringify([{ name: 'Paper 1', version: 1 }]))
        .attach('variant_0_document_path', pdfBytes('Chem'), 'c.pdf')
        .expect(201)
    ).body.data as { id: number; variants: Array<{ id: number; name: string; version: number }> };
    const read = await bff.http().get(`${API}/past_papers.php?id=${paper.id}`).set(bearer(admin.token)).expect(200);
    const etag = read.headers.etag as string;
    expect(etag).toMatch(/^"\d+"$/);
    const update = (year: string) =>
      bff
        .http()
        .put(`${API}/past_papers.php?id=${paper.id}`)
        .set(bearer(admin.token))
        .set('If-Match', etag)
        .field('subject_id', String(subject.id))
        .field('year', year)
        .field('session', 'May/June')
        .field('variants', JSON.stringify(paper.variants.map((v) => ({ id: v.id, name: v.name, version: v.version }))));
    expect((await update('2021')).status).toBe(200);
    const stale = await update('2020');
    expect(stale.status).toBe(409);
    const [row] = await bff.db.query('SELECT year FROM past_papers WHERE id = $1', [paper.id]);
    expect(row.year).toBe(2021);
  });

  it('user: a stale edit is refused', async () => {
    const user = await createUser(bff, admin);
    const list = (await bff.http().get(`${API}/users.php`).set(bearer(admin.token)).expect(200)).body.data as Array<{
      id: number;
      email: string;
      updated_at: string;
    }>;
    const loaded = list.find((u) => u.id === user.id)!;
    const edit = (name: string) =>
      bff
        .http()
        .put(`${API}/users.php?id=${user.id}`)
        .set(bearer(admin.token))
        .send({ name, email: loaded.email, role: 'user', status: 'active', updated_at: loaded.updated_at });
    expect((await edit('Renamed once')).status).toBe(200);
    expect((await edit('Renamed twice')).status).toBe(409);
  });
});
