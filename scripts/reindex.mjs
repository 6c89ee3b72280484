#!/usr/bin/env node
// @ts-check
// `npm run reindex [-- --failed] [-- --no-wait]`: reads the text of the stored documents again for search (the
// BFF's document-reader command, bff/src/document-reader/cli.ts) with the same defaults as `npm start` (DATA_DIR=./.data,
// or DATABASE_URL). Works while the product runs: the running BFFs and this command share the queue.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'bff/dist/document-reader/cli.js');
if (!existsSync(cli)) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@ppl/bff'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const run = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: process.env.DATA_DIR ?? join(root, '.data'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});
process.exit(run.status ?? 1);
