#!/usr/bin/env node
// @ts-check
// The JS budget of the first public page (150 KB): the gzip size of the JavaScript a visitor's browser loads
// for the home page inside the shell, printed after every build of the public site, with a warning above budget.
//
//   shell:        the scripts of shell/dist/index.html, the sync JS of every module the shell shares that the public
//                 remote uses too (react, react-dom, the host context; mf-manifest.json) and its remaining chunks
//                 (its bootstrap). The shell's react-router is left out: it is loaded only for a remote of an earlier
//                 release. Conservative: a shared module's second chunk is counted even when the browser
//                 does not need it.
//   public_site:  remoteEntry.js, the sync JS of the ./App expose, and the sync JS of any shared module the
//                 shell does not provide (inside the shell, 'loaded-first' uses the shell's copies).
//
// Without a built shell it measures the remote alone (remoteEntry, ./App and all its shared modules).
// JS_BUDGET_STRICT=1 turns the warning into a failure.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const here = dirname(fileURLToPath(import.meta.url));
const publicDist = process.env.OUTPUT_DIR ? resolve(process.env.OUTPUT_DIR) : resolve(here, '../dist');
const shellDist = resolve(here, '../../shell/dist');

/** @typedef {{ name: string; assets: { js: { sync: string[]; async: string[] } } }} SharedEntry */
/** @typedef {{ shared: SharedEntry[]; exposes: Array<{ name: string; path: string; assets: { js: { sync: string[] } } }> }} Manifest */

/** @param {string} file @returns {Manifest} */
const readManifest = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** @param {string} file */
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** @type {Array<{ owner: string; what: string; files: string[]; bytes: number }>} */
const rows = [];
const counted = new Set();
/** @param {string} owner @param {string} what @param {string} dir @param {string[]} files */
function add(owner, what, dir, files) {
  const fresh = files.filter((f) => f.endsWith('.js') && !counted.has(join(dir, f)));
  if (fresh.length === 0) return;
  let bytes = 0;
  for (const f of fresh) {
    counted.add(join(dir, f));
    bytes += gzipSize(join(dir, f));
  }
  rows.push({ owner, what, files: fresh, bytes });
}

if (!existsSync(join(publicDist, 'mf-manifest.json'))) {
  console.error(`js-budget: ${publicDist}/mf-manifest.json not found; build the public site first.`);
  process.exit(1);
}
const remote = readManifest(join(publicDist, 'mf-manifest.json'));
const withShell = existsSync(join(shellDist, 'index.html')) && existsSync(join(shellDist, 'mf-manifest.json'));
/** @type {Set<string>} */
const providedByShell = new Set();

if (withShell) {
  const html = readFileSync(join(shellDist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  add('shell', 'entry (index.html scripts)', shellDist, scripts);
  const shell = readManifest(join(shellDist, 'mf-manifest.json'));
  const usedByRemote = new Set(remote.shared.map((shared) => shared.name));
  /** Chunks of modules the shell shares but the public remote does not use (not loaded by a public page). */
  const unused = new Set();
  for (const shared of shell.shared) {
    providedByShell.add(shared.name);
    if (usedByRemote.has(shared.name)) add('shell', `shared ${shared.name}`, shellDist, shared.assets.js.sync);
    else for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) unused.add(file);
  }
  const rest = readdirSync(shellDist).filter(
    (f) => f.endsWith('.js') && !counted.has(join(shellDist, f)) && !unused.has(f),
  );
  add('shell', 'other chunks (bootstrap)', shellDist, rest);
}

add('public_site', 'remoteEntry.js', publicDist, ['remoteEntry.js']);
const app = remote.exposes.find((e) => e.name === 'App' || e.path === './App');
if (!app) {
  console.error('js-budget: the public remote does not expose ./App');
  process.exit(1);
}
add('public_site', './App expose', publicDist, app.assets.js.sync);
for (const shared of remote.shared) {
  if (!providedByShell.has(shared.name)) add('public_site', `shared ${shared.name}`, publicDist, shared.assets.js.sync);
}

const total = rows.reduce((sum, row) => sum + row.bytes, 0);
const width = Math.max(...rows.map((r) => `${r.owner}  ${r.what}`.length));
console.log(
  `\nJS budget: the first public page ${withShell ? 'inside the shell' : '(public remote alone: no shell/dist)'} (gzip -9)`,
);
for (const row of rows)
  console.log(`  ${`${row.owner}  ${row.what}`.padEnd(width)}  ${kb(row.bytes).padStart(9)}   ${row.files.join(', ')}`);
console.log(`  ${'total'.padEnd(width)}  ${kb(total).padStart(9)}   (budget ${BUDGET_KB} KB)`);
const shellBytes = rows.filter((r) => r.owner === 'shell').reduce((s, r) => s + r.bytes, 0);
if (withShell) console.log(`  of which shell ${kb(shellBytes)}, public remote ${kb(total - shellBytes)}`);

if (total > BUDGET_KB * 1024) {
  console.log(
    `WARNING: the first public page loads ${kb(total)} of JS, ${kb(total - BUDGET_KB * 1024)} above the ${BUDGET_KB} KB budget.`,
  );
  if (process.env.JS_BUDGET_STRICT === '1') process.exit(1);
} else {
  console.log(`Within the ${BUDGET_KB} KB budget (${kb(BUDGET_KB * 1024 - total)} to spare).`);
}
