// `npm run openapi -w @ppl/bff`: writes the API's OpenAPI document to docs/openapi.json, the contract the front
// ends' types are generated from (shared-ui: `npm run api-types`). test/openapi.test.ts fails when the running
// BFF's document and the committed file differ.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createBff } from '../bootstrap';
import { loadConfig } from '../config/app-config';
import { buildOpenApiDocument } from './openapi';

export const OPENAPI_FILE = resolve(__dirname, '../../../docs/openapi.json');

/** The document as committed: stable JSON, two-space indentation, a final newline. */
export function serializeOpenApi(document: object): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ppl-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
    const bff = await createBff(config, { seed: false });
    try {
      writeFileSync(OPENAPI_FILE, serializeOpenApi(buildOpenApiDocument(bff.app)));
    } finally {
      await bff.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`Wrote ${OPENAPI_FILE}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
