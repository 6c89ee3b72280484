import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, stopProcess, waitForUrl } from './product';

export type FrontEnd = 'shell' | 'public-site' | 'admin-console';

/** A folder the test owns; removed by cleanup(). */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `ppl-release-${prefix}-`));
}

/**
 * Builds one front end as a release into its own folder (as its team's CI would), stamped with a visible
 * RELEASE_VERSION. `sourceRoot` builds another checkout (a previous release) with this repository's tools.
 */
export function buildRelease(unit: FrontEnd, version: string, outDir: string, sourceRoot = ROOT): void {
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'build'], {
    cwd: join(sourceRoot, unit),
    env: { ...process.env, RELEASE_VERSION: version, OUTPUT_DIR: outDir, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`building ${unit} ${version} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Materialises another commit's copy of the given folders (e.g. the previous release of public-site with the
 * shared-ui it was built with) in a scratch directory whose node_modules point at this checkout's installed
 * packages, except @ppl/shared-ui, which points at the old copy.
 */
export function checkoutRelease(commit: string, folders: string[]): string {
  const dir = scratchDir('checkout');
  const archive = spawnSync('git', ['archive', '--format=tar', commit, ...folders], {
    cwd: ROOT,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr.toString()}`);
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr.toString()}`);
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@ppl'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@ppl' || entry.startsWith('.')) continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  symlinkSync(join(dir, 'shared-ui'), join(modules, '@ppl/shared-ui'));
  symlinkSync(join(ROOT, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
  return dir;
}

export interface Server {
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function startNode(args: string[], env: Record<string, string>, readyUrl: string, port: number): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForUrl(readyUrl, 120_000, child);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, port, stop: () => stopProcess(child) };
}

/** How the release tests run the BFF: split mode, the demo content, no background reading of its PDFs. */
function bffEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    DOCUMENT_TEXT_WORKER: 'false',
    ADMIN_EMAIL: 'release@example.com',
    ADMIN_PASSWORD: 'release-password',
  };
}

const healthUrl = (port: number) => `http://127.0.0.1:${port}/backend/api/health`;

/** Where the release run keeps its seeded data folder (support/release-setup.ts), when it made one. */
const TEMPLATE_ENV = 'PPL_RELEASE_BFF_TEMPLATE';

/**
 * A data folder the BFF has created, migrated and seeded, then left (stopped cleanly): made once per release run, so
 * each file's BFF starts from a copy of it (a restart: about 3 s here) instead of creating and seeding its own
 * (about 9 s).
 */
export async function seedBffTemplate(): Promise<void> {
  const dir = scratchDir('bff-template');
  const port = await freePort();
  const bff = await startNode([join(ROOT, 'bff/dist/main.js')], bffEnv(port, dir), healthUrl(port), port);
  await bff.stop();
  process.env[TEMPLATE_ENV] = dir;
}

/** Removes the run's seeded data folder, if it made one. */
export function removeBffTemplate(): void {
  const template = process.env[TEMPLATE_ENV];
  if (template) rmSync(template, { recursive: true, force: true });
}

/**
 * The BFF alone (split mode), on its own embedded database with the demo content: a copy of the run's seeded folder
 * when there is one, else a fresh one. It does not read the demo library's PDFs in the background
 * (DOCUMENT_TEXT_WORKER=false): these tests are about releases and delivery, and reading 306 files takes a core for a
 * minute or more of every test file that starts one, while the browser is being timed.
 */
export async function startBff(dataDir: string): Promise<Server> {
  const template = process.env[TEMPLATE_ENV];
  if (template && existsSync(template) && readdirSync(dataDir).length === 0) {
    cpSync(template, dataDir, { recursive: true });
  }
  const port = await freePort();
  return startNode([join(ROOT, 'bff/dist/main.js')], bffEnv(port, dataDir), healthUrl(port), port);
}

/** A remote's release folder served as in split mode (scripts/serve.mjs --role remote). */
export async function serveRemote(dir: string, bffUrl: string, port?: number): Promise<Server> {
  const p = port ?? (await freePort());
  return startNode(
    [join(ROOT, 'scripts/serve.mjs'), '--role', 'remote', '--dir', dir, '--port', String(p), '--host', '127.0.0.1'],
    { BFF_URL: bffUrl },
    `http://127.0.0.1:${p}/mf-manifest.json`,
    p,
  );
}

/** The shell's release folder with its deploy-time remotes config (scripts/serve.mjs --role shell). */
export async function serveShell(
  dir: string,
  bffUrl: string,
  remotes: { publicSite: string; adminConsole: string },
  port?: number,
): Promise<Server> {
  const p = port ?? (await freePort());
  return startNode(
    [join(ROOT, 'scripts/serve.mjs'), '--role', 'shell', '--dir', dir, '--port', String(p), '--host', '127.0.0.1'],
    { BFF_URL: bffUrl, PUBLIC_SITE_MANIFEST_URL: remotes.publicSite, ADMIN_CONSOLE_MANIFEST_URL: remotes.adminConsole },
    `http://127.0.0.1:${p}/remotes.json`,
    p,
  );
}

export const manifestUrl = (server: Server | number): string =>
  `http://127.0.0.1:${typeof server === 'number' ? server : server.port}/mf-manifest.json`;

export function cleanup(...dirs: string[]): void {
  // A release built into a folder writes its source maps beside it (`<folder>-sourcemaps`, see the rspack configs).
  for (const dir of dirs.flatMap((d) => [d, `${d}-sourcemaps`])) {
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}
