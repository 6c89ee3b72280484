// @ts-check
// shared-ui's API types come from the BFF's OpenAPI document (docs/openapi.json), not from hand-kept copies.
//   node build/api-types.mjs          writes src/api/generated/openapi.ts
//   node build/api-types.mjs --check  fails when that file is not what the document generates (run by lint)
// The generated file holds types only: nothing of it reaches a bundle, so the front ends stay separately released.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

const source = new URL('../../docs/openapi.json', import.meta.url);
const target = new URL('../src/api/generated/openapi.ts', import.meta.url);
const header =
  '// Generated from docs/openapi.json by shared-ui/build/api-types.mjs: do not edit. Regenerate with\n' +
  '// `npm run openapi -w @ppl/bff && npm run api-types -w @ppl/shared-ui`.\n\n';

const ast = await openapiTS(JSON.parse(readFileSync(source, 'utf8')), { exportType: true, defaultNonNullable: false });
const generated = header + astToString(ast);

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing: reported below
  }
  if (current !== generated) {
    console.error(
      'shared-ui/src/api/generated/openapi.ts is out of date with docs/openapi.json: run `npm run api-types -w @ppl/shared-ui`',
    );
    process.exit(1);
  }
} else {
  writeFileSync(target, generated);
  console.log(`Wrote ${target.pathname}`);
}
