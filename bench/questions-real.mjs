#!/usr/bin/env node
// @ts-check
// Question detection on real PDFs no one here wrote (pdf.js's own test corpus, `test/pdfs` of mozilla/pdf.js: papers,
// forms, scans, maps and files broken on purpose; fetched while developing, never committed). None of them is a
// Cambridge or Edexcel question paper, so the rule to prove is the safe one: detection never throws, and a document
// that is not a question paper is never shown question by question (`ready`). Writes bench/results/questions-real.md.
//   node bench/questions-real.mjs --dir <folder of PDFs> [--max-mb 5] [--limit 1000] [--timeout-ms 20000]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { detection, extract, laidOut } from './lib/question-detection.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    dir: { type: 'string' },
    'max-mb': { type: 'string', default: '5' },
    limit: { type: 'string', default: '1000' },
    'timeout-ms': { type: 'string', default: '20000' },
    results: { type: 'string', default: join(ROOT, 'bench/results/questions-real.md') },
  },
});
if (!opts.dir) throw new Error('--dir <folder of PDFs> is required');
const DIR = resolve(opts.dir);
const MAX_BYTES = Number(opts['max-mb']) * 1024 * 1024;
const TIMEOUT_MS = Number(opts['timeout-ms']);

/** @template T @param {Promise<T>} work @returns {Promise<T>} */
const bounded = (work) =>
  Promise.race([work, new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref())]);

const files = readdirSync(DIR)
  .filter((name) => name.toLowerCase().endsWith('.pdf'))
  .sort()
  .filter((name) => statSync(join(DIR, name)).size <= MAX_BYTES)
  .slice(0, Number(opts.limit));

const outcomes = { unreadable: 0, 'no questions found (none)': 0, flagged: 0, ready: 0 };
/** @type {string[]} */
const threw = [];
/** @type {Array<{ name: string; questions: number; layout: string }>} */
const shown = [];
/** @type {Array<{ name: string; questions: number; reasons: string[] }>} */
const flaggedFiles = [];
let pages = 0;
let withSomething = 0;
const started = Date.now();

for (const name of files) {
  /** @type {Array<{ content: unknown; view: number[] }>} */
  let read;
  try {
    read = await bounded(extract(readFileSync(join(DIR, name))));
  } catch {
    outcomes.unreadable++;
    continue;
  }
  pages += read.length;
  try {
    const text = laidOut(read);
    const questionPaper = detection.detectQuestionPaper(text);
    const markScheme = detection.detectMarkScheme(text);
    detection.detectExaminerReport(text);
    if ((questionPaper?.questions.length ?? 0) > 0 || (markScheme?.rows.length ?? 0) > 0) withSomething++;
    const set = detection.questionSet({ questionPaper });
    const count = questionPaper?.questions.length ?? 0;
    if (set.status === 'ready') {
      outcomes.ready++;
      shown.push({ name, questions: count, layout: questionPaper?.layout ?? '' });
    } else if (set.status === 'flagged') {
      outcomes.flagged++;
      flaggedFiles.push({ name, questions: count, reasons: set.reasons });
    } else {
      outcomes['no questions found (none)']++;
    }
  } catch (error) {
    threw.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const seconds = (Date.now() - started) / 1000;
const text = [
  '# Question detection on real PDFs',
  '',
  "Written by `node bench/questions-real.mjs --dir <pdf.js's test/pdfs>`: every PDF of the folder up to",
  `${opts['max-mb']} MB (alphabetically, at most ${opts.limit}), read by pdf.js's legacy build as the BFF's reader does`,
  '(`bench/lib/question-detection.mjs`), then the question paper, mark scheme and examiner report detections and the',
  "set's checks run on its text. None of these files is a Cambridge or Edexcel paper: what must hold is that",
  'detection never throws and nothing is shown question by question (`ready`) that is not a question paper.',
  '',
  `- Date: ${new Date().toISOString()}`,
  `- Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}; load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
  `- Files: ${files.length} (${pages} pages read) in ${seconds.toFixed(0)} s`,
  '',
  '| Outcome | Files |',
  '| --- | --- |',
  ...Object.entries(outcomes).map(([outcome, n]) => `| ${outcome} | ${n} |`),
  `| detection threw | ${threw.length} |`,
  `| a question number or mark-scheme row seen somewhere | ${withSomething} |`,
  '',
  shown.length === 0
    ? 'Shown question by question: none.'
    : `Shown question by question (look at each): ${shown.map((s) => `${s.name} (${s.questions} questions, ${s.layout})`).join('; ')}.`,
  '',
  flaggedFiles.length === 0
    ? 'Flagged for an admin: none.'
    : `Flagged for an admin (not shown): ${flaggedFiles
        .slice(0, 20)
        .map((f) => `${f.name} (${f.questions} questions: ${f.reasons[0] ?? ''})`)
        .join('; ')}${flaggedFiles.length > 20 ? `; and ${flaggedFiles.length - 20} more` : ''}.`,
  ...(threw.length > 0 ? ['', `Threw: ${threw.join('; ')}`] : []),
  '',
].join('\n');
writeFileSync(opts.results, text);
console.log(text);
process.exit(0);
