import { API, bearer, countRows, signInAdmin, type SignedIn } from './support/api';
import { pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

describe('subjects.php', () => {
  let bff: TestBff;
  let admin: SignedIn;

  beforeAll(async () => {
    bff = await startTestBff();
    admin = await signInAdmin(bff);
  });
  afterAll(async () => {
    await bff?.close();
  });

  const create = (fields: Record<string, string>) => {
    const req = bff.http().post(`${API}/subjects.php`).set(bearer(admin.token));
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    return req;
  };

  it('creates a subject from a multipart form (201) and audits it', async () => {
    const res = await create({
      name: 'Biology',
      code: 'BIO1',
      level: 'cambridge-igcse',
      description: 'Cells and organisms',
    }).expect(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      name: 'Biology',
      code: 'BIO1',
      level: 'cambridge-igcse',
      description: 'Cells and organisms',
      paper_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [entry] = await bff.db.query(
      `SELECT action, entity_type, entity_id, description, user_id FROM audit_log ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({
      action: 'create',
      entity_type: 'subject',
      entity_id: res.body.data.id,
      description: 'Created subject Biology (BIO1)',
      user_id: admin.id,
    });
  });

  it('creates from JSON too, with no description as null', async () => {
    const res = await bff
      .http()
      .post(`${API}/subjects.php`)
      .set(bearer(admin.token))
      .send({ name: 'Chemistry', code: 'CHE1', level: 'vocational' })
      .expect(201);
    expect(res.body.data).toMatchObject({ name: 'Chemistry', code: 'CHE1', level: 'vocational', description: null });
  });

  it.each([
    [{ code: 'X1', level: 'other' }, 'Name is required'],
    [{ name: '   ', code: 'X1', level: 'other' }, 'Name is required'],
    [{ name: 'X', level: 'other' }, 'Code is required'],
    [{ name: 'X', code: 'X1' }, 'Level is required'],
    [{ name: 'X', code: 'X1', level: 'a-level' }, 'Please select a valid level'],
    [
      { name: 'X', code: 'has space', level: 'other' },
      'Code may only contain letters, digits, dots, hyphens and underscores',
    ],
    [{ name: 'X'.repeat(201), code: 'X1', level: 'other' }, 'Name must be at most 200 characters'],
  ])('rejects %j with 400 "%s" and creates nothing', async (fields, message) => {
    const before = await countRows(bff, 'subjects');
    const res = await create(fields as Record<string, string>).expect(400);
    expect(res.body.error).toBe(message);
    expect(await countRows(bff, 'subjects')).toBe(before);
  });

  it('answers 409 for a duplicate code regardless of case, on create and on update', async () => {
    await create({ name: 'Maths', code: 'MATH9', level: 'other' }).expect(201);
    const dup = await create({ name: 'Maths again', code: 'math9', level: 'other' }).expect(409);
    expect(dup.body).toEqual({ error: 'A subject with code math9 already exists' });
    const other = (await create({ name: 'Art', code: 'ART1', level: 'other' }).expect(201)).body.data;
    const upd = await bff
      .http()
      .post(`${API}/subjects.php`)
      .set(bearer(admin.token))
      .field('_method', 'PUT')
      .field('id', String(other.id))
      .field('name', 'Art')
      .field('code', 'Math9')
      .field('level', 'other')
      .expect(409);
    expect(upd.body.error).toBe('A subject with code Math9 already exists');
  });

  it('updates with a multipart POST carrying _method=PUT and the id (200), and with a real PUT', async () => {
    const s = (await create({ name: 'Geo', code: 'GEO1', level: 'other' }).expect(201)).body.data;
    const viaPost = await bff
      .http()
      .post(`${API}/subjects.php`)
      .set(bearer(admin.token))
      .field('_method', 'PUT')
      .field('id', String(s.id))
      .field('name', 'Geography')
      .field('code', 'GEO1')
      .field('level', 'cambridge-o-levels')
      .field('description', '')
      .expect(200);
    expect(viaPost.body.data).toMatchObject({
      id: s.id,
      name: 'Geography',
      level: 'cambridge-o-levels',
      description: null,
    });
    const viaPut = await bff
      .http()
      .put(`${API}/subjects.php?id=${s.id}`)
      .set(bearer(admin.token))
      .send({ name: 'Geography 2', code: 'GEO2', level: 'other' })
      .expect(200);
    expect(viaPut.body.data).toMatchObject({ id: s.id, name: 'Geography 2', code: 'GEO2' });
    const read = await bff.http().get(`${API}/subjects.php?id=${s.id}`).expect(200);
    expect(read.body.data).toMatchObject({ name: 'Geography 2', code: 'GEO2', papers: [] });
    const missing = await bff
      .http()
      .put(`${API}/subjects.php?id=99999`)
      .set(bearer(admin.token))
      .send({ name: 'X', code: 'NOPE', level: 'other' })
      .expect(404);
    expect(missing.body).toEqual({ error: 'Subject not found' });
    const junk = await bff
      .http()
      .post(`${API}/subjects.php`)
      .set(bearer(admin.token))
      .field('_method', 'PUT')
      .field('id', 'abc')
      .field('name', 'X')
      .expect(400);
    expect(junk.body).toEqual({ error: 'Invalid id', errors: { id: 'Invalid id' } });
  });

  it('rejects a file sent with a subject form', async () => {
    const res = await create({ name: 'F', code: 'F1', level: 'other' }).attach('file', pdfBytes(), 'x.pdf');
    expect(res.status).toBe(413);
    expect(await countRows(bff, 'subjects')).toBeGreaterThan(0);
  });

  it('refuses to delete a subject that still has past papers (409 mentioning the related past papers), then deletes it once empty', async () => {
    const s = (await create({ name: 'History', code: 'HIS1', level: 'other' }).expect(201)).body.data;
    const [paper] = await bff.db.query(
      `INSERT INTO past_papers (subject_id, year, session) VALUES ($1, 2024, 'May/June') RETURNING id`,
      [s.id],
    );
    const refused = await bff.http().delete(`${API}/subjects.php?id=${s.id}`).set(bearer(admin.token)).expect(409);
    expect(refused.body.error).toMatch(/related past papers?/);
    expect(refused.body.error).toBe(
      'Cannot delete this subject: it has 1 related past paper. Reassign or delete the related past papers first.',
    );
    expect((await bff.http().get(`${API}/subjects.php?id=${s.id}`).expect(200)).body.data.paper_count).toBe(1);
    await bff.db.query('DELETE FROM past_papers WHERE id = $1', [paper.id]);
    expect(
      (await bff.http().delete(`${API}/subjects.php?id=${s.id}`).set(bearer(admin.token)).expect(200)).body,
    ).toEqual({ success: true });
    await bff.http().get(`${API}/subjects.php?id=${s.id}`).expect(404);
    await bff.http().delete(`${API}/subjects.php?id=${s.id}`).set(bearer(admin.token)).expect(404);
  });

  it('lists by level, rejects an unknown level and junk ids', async () => {
    const res = await bff.http().get(`${API}/subjects.php?level=vocational`).expect(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((s: { level: string }) => s.level === 'vocational')).toBe(true);
    expect((await bff.http().get(`${API}/subjects.php?level=nope`).expect(400)).body).toEqual({
      error: 'Invalid level',
      errors: { level: 'Invalid level' },
    });
    expect((await bff.http().get(`${API}/subjects.php?level=a&level=b`).expect(400)).body).toEqual({
      error: 'Invalid level',
      errors: { level: 'Invalid level' },
    });
    expect((await bff.http().get(`${API}/subjects.php?id=1&id=2`).expect(400)).body).toEqual({
      error: 'Invalid id',
      errors: { id: 'Invalid id' },
    });
    await bff.http().delete(`${API}/subjects.php?id=x`).set(bearer(admin.token)).expect(400);
  });
});
