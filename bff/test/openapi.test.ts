import { readFileSync } from 'node:fs';
import { OPENAPI_FILE } from '../src/openapi/write-openapi';
import { startTestBff, type TestBff } from './support/test-bff';

/**
 * docs/openapi.json is the API contract the front ends' types are generated from. It must be what the running BFF
 * describes: after changing an endpoint, its DTOs or its responses, run `npm run openapi -w @ppl/bff` and commit.
 */
describe('the committed OpenAPI document', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff();
  });
  afterAll(() => bff.close());

  it('is the one the running BFF serves', async () => {
    const served = (await bff.http().get('/backend/api/docs-json').expect(200)).body as object;
    const committed = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as object;
    expect(served).toEqual(committed);
  });
});
