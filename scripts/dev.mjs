#!/usr/bin/env node
// @ts-check
// The development loop: `npm run dev` starts every unit in watch mode, each on its split-mode port:
//   BFF            http://127.0.0.1:3001   tsc --watch; restarted when its compiled output changes
//   public-site    http://localhost:3002   rspack serve with React Refresh
//   admin-console  http://localhost:3003   rspack serve with React Refresh
//   shell          http://localhost:3000   rspack serve; /remotes.json points at the two dev servers above,
//                                          /backend/api is proxied to the BFF
// Open http://localhost:3000: a saved change in a remote shows in the shell within seconds, state kept.
// Data lives in ./.data-dev (embedded PGlite) unless DATABASE_URL is set. Ctrl+C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (/** @type {string} */ name) => join(root, 'node_modules', '.bin', name);
const env = {
  ...process.env,
  NODE_ENV: 'development',
  BFF_URL: process.env.BFF_URL ?? 'http://127.0.0.1:3001',
  PUBLIC_SITE_MANIFEST_URL: process.env.PUBLIC_SITE_MANIFEST_URL ?? 'http://localhost:3002/mf-manifest.json',
  ADMIN_CONSOLE_MANIFEST_URL: process.env.ADMIN_CONSOLE_MANIFEST_URL ?? 'http://localhost:3003/mf-manifest.json',
};

// The BFF runs from its compiled output: compile once before watching, so there is a file to start.
if (!existsSync(join(root, 'bff/dist/main.js'))) {
  const built = spawnSync(bin('tsc'), ['-p', 'tsconfig.build.json'], { cwd: join(root, 'bff'), stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** @typedef {{ name: string, cwd: string, command: string, args: string[], env?: NodeJS.ProcessEnv }} Unit */
/** @type {Unit} */
const bff = {
  name: 'bff',
  cwd: 'bff',
  command: process.execPath,
  args: ['dist/main.js'],
  env: {
    PORT: '3001',
    HOST: '127.0.0.1',
    DATA_DIR: process.env.DATA_DIR ?? join(root, '.data-dev'),
    LOG_LEVEL: 'info',
  },
};
/** @type {Unit[]} */
const units = [
  {
    name: 'bff:tsc',
    cwd: 'bff',
    command: bin('tsc'),
    args: ['-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'],
  },
  bff,
  { name: 'public-site', cwd: 'public-site', command: bin('rspack'), args: ['serve', '--mode', 'development'] },
  { name: 'admin-console', cwd: 'admin-console', command: bin('rspack'), args: ['serve', '--mode', 'development'] },
  { name: 'shell', cwd: 'shell', command: bin('rspack'), args: ['serve', '--mode', 'development'] },
];

let stopping = false;

/** @param {Unit} unit */
function start(unit) {
  const child = spawn(unit.command, unit.args, {
    cwd: join(root, unit.cwd),
    env: { ...env, ...unit.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${unit.name}]`.padEnd(16);
  const relay = (/** @type {NodeJS.WriteStream} */ out) => (/** @type {Buffer} */ chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`${prefix}${line}\n`);
  };
  child.stdout.on('data', relay(process.stdout));
  child.stderr.on('data', relay(process.stderr));
  child.on('exit', (code, signal) => {
    if (!stopping && signal !== 'SIGTERM') console.error(`${prefix}stopped (${signal ?? `exit code ${code}`})`);
  });
  return child;
}

const children = units.map(start);
const bffIndex = units.indexOf(bff);

// The BFF (and its embedded database) restarts once tsc has finished writing a change: 500 ms after the last write.
/** @type {NodeJS.Timeout | undefined} */
let restartTimer;
watch(join(root, 'bff/dist'), { recursive: true }, () => {
  clearTimeout(restartTimer);
  restartTimer = setTimeout(() => {
    const old = children[bffIndex];
    if (!old || stopping) return;
    console.log('[bff]           restarting after a change');
    old.once('exit', () => {
      if (!stopping) children[bffIndex] = start(bff);
    });
    old.kill('SIGTERM');
  }, 500);
});

console.log('\n  Development: http://localhost:3000 (public site and /admin), API on http://127.0.0.1:3001\n');

const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
