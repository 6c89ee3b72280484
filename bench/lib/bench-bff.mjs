// @ts-check
// The built BFF as every bench starts it (run.mjs, search.mjs, import.mjs): on a free loopback port, on the bench's
// database, without the demo library, logging warnings only, with the bench's admin; resolved once it is healthy.
// Also the two helpers every bench needs to start a server: a free port, and waiting until an address answers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A free port on the loopback interface. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once `url` answers 2xx; rejects after `timeoutMs`. @param {string} url @param {number} [timeoutMs] */
export async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * @typedef {object} BenchBffOptions
 * @property {string} root the repository (its bff/dist/main.js is started)
 * @property {string} databaseUrl
 * @property {string} dataDir the BFF's DATA_DIR (uploads under it unless `env` names UPLOAD_DIR)
 * @property {{ email: string; password: string }} admin
 * @property {string[]} [nodeFlags] Node's flags for the BFF (e.g. its heap cap)
 * @property {Record<string, string>} [env] settings on top of the bench's own
 */

/**
 * Starts the BFF and waits until it is healthy (a BFF that does not come up is stopped). The caller stops it.
 * @param {BenchBffOptions} options
 * @returns {Promise<{ child: import('node:child_process').ChildProcess; url: string }>}
 */
export async function startBenchBff(options) {
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), join(options.root, 'bff/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/backend/api/health`);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return { child, url };
}
