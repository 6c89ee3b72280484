// @ts-check
// Study on the device: progress writes and reads in IndexedDB and /my-papers with 500 entries, under CDP CPU
// throttling 4x, on a 1280x860 desktop and a 390x844 phone.
//   npm run build && node bench/study.mjs            (writes bench/results/study.md)
// The measurement is the "measured" journey of e2e/tests/public/study.test.ts, which registers only when
// PPL_STUDY_MEASURE=1 (the test run leaves it out: a minute of throttled CPU per viewport, and no assertion on time).
// Each viewport's figures come from the JSON file the journey writes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FIGURES = join(ROOT, 'e2e', 'screenshots', 'study-files');

/** The browser the journey drives (e2e/support/browser.ts chooses it the same way). */
const BROWSER =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/** @type {Array<{ viewport: 'desktop' | 'phone', env: Record<string, string> }>} */
const RUNS = [
  { viewport: 'desktop', env: {} },
  { viewport: 'phone', env: { E2E_VIEWPORT: 'phone' } },
];

/** @type {Array<Record<string, unknown>>} */
const results = [];
for (const run of RUNS) {
  const jest = spawnSync('npx', ['jest', '--runInBand', 'tests/public/study', '-t', 'measured'], {
    cwd: join(ROOT, 'e2e'),
    env: { ...process.env, ...run.env, PPL_STUDY_MEASURE: '1' },
    stdio: 'inherit',
  });
  if (jest.status !== 0) throw new Error(`the ${run.viewport} measurement failed (jest exit ${jest.status})`);
  results.push(JSON.parse(readFileSync(join(FIGURES, `measure-${run.viewport}.json`), 'utf8')));
}

const row = (/** @type {string} */ label, /** @type {(r: Record<string, any>) => string} */ cell, goal = '') =>
  `| ${label} | ${results.map(cell).join(' | ')} | ${goal} |`;
const lines = [
  `# Study on the device (${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'})`,
  '',
  `Browser: ${BROWSER}. CDP CPU throttling 4x, 500 papers imported on the device. A write: 20 bookmark toggles`,
  "clicked inside the page 100 ms apart, the store's `ppl-study:write` measure; the floor: the same transaction in a",
  'database of its own.',
  '',
  `| Figure | ${results.map((r) => String(r.viewport)).join(' | ')} | Goal |`,
  `| --- | ${results.map(() => '---').join(' | ')} | --- |`,
  row('write, subject page row, median [floor]', (r) => `${r.writeMedianMs} [${r.floorWriteMedianMs}] ms`, '< 5 ms'),
  row(
    'write, viewer study panel, median [floor]',
    (r) => `${r.viewerWriteMedianMs} [${r.viewerFloorMedianMs}] ms`,
    '< 5 ms',
  ),
  row('read of one record by key, median (p95)', (r) => `${r.readMedianMs} (${r.readP95Ms}) ms`, '< 5 ms'),
  row('/my-papers with 500 entries, median of 3 loads', (r) => `${r.myPapersMedianMs} ms`, '< 200 ms'),
  row('read of all 500 records, per page load', (r) => `${/** @type {number[]} */ (r.readAllOf500Ms).join(', ')} ms`),
  '',
];
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'results', 'study.md'), lines.join('\n'));
console.log(lines.join('\n'));
