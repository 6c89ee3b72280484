import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { OPENAPI_FILE } from '../src/openapi/write-openapi';
import { API, bearer, signInAdmin } from './support/api';
import { startTestBff, type TestBff } from './support/test-bff';

type Json = Record<string, unknown>;
interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Json }> }> }>>;
  components: { schemas: Record<string, Json> };
}

/**
 * Every object the contract describes is closed: a field the BFF sends but docs/openapi.json does not describe (or
 * a described field it does not send) fails, so the generated front-end types cannot drift from the answers.
 */
function closeObjects(schema: unknown): void {
  if (Array.isArray(schema)) return schema.forEach(closeObjects);
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Json;
  if (node.properties && node.additionalProperties === undefined) node.additionalProperties = false;
  Object.values(node).forEach(closeObjects);
}

/**
 * The described responses are what the BFF answers: each request below (public and admin, one record and lists,
 * creates, deletes and failures) is validated against the schema docs/openapi.json gives for its path, method and
 * status, with every described field required to be there.
 */
describe('the OpenAPI response descriptions', () => {
  let bff: TestBff;
  let admin: Record<string, string>;
  const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApi;
  closeObjects(doc.components.schemas);
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();

  function validatorFor(method: string, path: string, status: number): ValidateFunction {
    const key = `${method} ${path} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
      const responses = doc.paths[`${API}/${path}`]?.[method]?.responses;
      if (!responses) throw new Error(`${method} ${path} is not described`);
      const response = responses[String(status)] ?? responses.default;
      const schema = response?.content?.['application/json']?.schema;
      if (!schema) throw new Error(`${key} has no JSON schema`);
      const root = structuredClone(schema);
      closeObjects(root);
      validate = ajv.compile({ ...root, components: doc.components });
      validators.set(key, validate);
    }
    return validate;
  }

  async function expectDescribed(
    method: 'get' | 'post' | 'put' | 'delete',
    url: string,
    status: number,
    options: { headers?: Record<string, string>; body?: object } = {},
  ): Promise<Json> {
    const http = bff.http();
    let request = http[method](`${API}/${url}`).set(options.headers ?? {});
    if (options.body) request = request.send(options.body);
    const res = await request;
    expect([url, res.status]).toEqual([url, status]);
    const validate = validatorFor(method, url.split('?')[0]!, status);
    const valid = validate(res.body);
    expect({ url, errors: valid ? null : validate.errors }).toEqual({ url, errors: null });
    return res.body as Json;
  }

  beforeAll(async () => {
    bff = await startTestBff({ seedDemo: true });
    admin = bearer((await signInAdmin(bff)).token);
  });
  afterAll(() => bff.close());

  it('describes the public reads', async () => {
    await expectDescribed('get', 'health', 200);
    await expectDescribed('get', 'settings.php', 200);
    await expectDescribed('get', 'auth_check.php', 200);
    await expectDescribed('get', 'dashboard_stats.php', 200);
    const subjects = (await expectDescribed('get', 'subjects.php', 200)).data as Json[];
    expect(subjects.length).toBeGreaterThan(0);
    await expectDescribed('get', `subjects.php?id=${String(subjects[0]!.id)}`, 200);
    await expectDescribed('get', 'subjects.php?level=cambridge-igcse', 200);
    const papers = (await expectDescribed('get', 'past_papers.php', 200)).data as Json[];
    expect(papers.length).toBeGreaterThan(0);
    await expectDescribed('get', 'past_papers.php?view=summary', 200);
    await expectDescribed('get', `past_papers.php?id=${String(papers[0]!.id)}`, 200);
    const faqs = await expectDescribed('get', 'faqs.php', 200);
    const firstFaq = (faqs.faqs as Json[])[0];
    if (firstFaq) await expectDescribed('get', `faqs.php?path=${String(firstFaq.id)}`, 200);
    const found = await expectDescribed('get', 'search?q=physics%20mark%20scheme&limit=3', 200);
    expect((found.data as Json).total).toBeGreaterThan(0);
    await expectDescribed('get', 'search?q=phsyics%20photosynthesis&year=2023', 200);
    await expectDescribed('get', 'search?q=', 200);
  });

  it('describes the admin reads', async () => {
    await expectDescribed('get', 'auth_check.php', 200, { headers: admin });
    await expectDescribed('get', 'dashboard_stats.php', 200, { headers: admin });
    for (const path of ['mark_schemes.php', 'examiner_reports.php', 'users.php']) {
      const list = (await expectDescribed('get', path, 200, { headers: admin })).data as Json[];
      expect(list.length).toBeGreaterThan(0);
      await expectDescribed('get', `${path}?id=${String(list[0]!.id)}`, 200, { headers: admin });
    }
    // Coverage (public too), a paper's stored files, imports.
    const [subject] = (await expectDescribed('get', 'subjects.php', 200)).data as Json[];
    await expectDescribed('get', `coverage?subject_id=${String(subject!.id)}`, 200);
    const [paper] = (await expectDescribed('get', 'past_papers.php', 200)).data as Json[];
    await expectDescribed('get', `stored-files?past_paper_id=${String(paper!.id)}`, 200, { headers: admin });
    await expectDescribed('post', 'imports', 201, { headers: admin });
    await expectDescribed('get', 'imports', 200, { headers: admin });
  });

  it('describes sign-in, creates, updates, deletes and failures', async () => {
    await expectDescribed('post', 'auth_login.php', 200, {
      body: { email: 'admin@test.example', password: 'correct-horse-battery' },
    });
    const inquiry = (
      await expectDescribed('post', 'inquiries.php', 201, {
        body: {
          name: 'Amina',
          email: 'amina@example.com',
          subject: 'Missing paper',
          message: 'Is 0580 June 2021 coming?',
        },
      })
    ).data as Json;
    await expectDescribed('get', 'inquiries.php', 200, { headers: admin });
    await expectDescribed('get', `inquiries.php?path=${String(inquiry.id)}`, 200, { headers: admin });
    await expectDescribed('put', `inquiries.php?path=${String(inquiry.id)}`, 200, {
      headers: admin,
      body: { status: 'resolved' },
    });
    await expectDescribed('delete', `inquiries.php?path=${String(inquiry.id)}`, 200, { headers: admin });
    const subject = (
      await expectDescribed('post', 'subjects.php', 201, {
        headers: admin,
        body: { name: 'Contract Studies', code: 'CS01', level: 'other', description: 'Made by a test' },
      })
    ).data as Json;
    await expectDescribed('delete', `subjects.php?id=${String(subject.id)}`, 200, { headers: admin });
    await expectDescribed('get', 'subjects.php?id=abc', 400);
    await expectDescribed('get', 'users.php', 401);
    await expectDescribed('get', 'subjects.php?id=999999', 404);
  });
});
