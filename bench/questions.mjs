#!/usr/bin/env node
// @ts-check
// Question detection on a labelled set of generated Cambridge-layout papers (question starts,
// mark-scheme rows, marks per question, damaged papers flagged) and its cost against pdf.js's text extraction of a
// 20-page paper. Pure computation, no server or database. Writes bench/results/questions.md.
//   node bench/questions.mjs [--papers 30] [--damaged 3] [--seed 1] [--rounds 7] [--dist bff/dist]
// It reads the BFF's build (bff/dist/question-detection): build it first (npm run build -w @ppl/bff), or it compiles
// the BFF with tsc when that folder is missing.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({
  options: {
    papers: { type: 'string', default: '30' },
    damaged: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '7' },
    dist: { type: 'string', default: join(ROOT, 'bff/dist') },
    results: { type: 'string', default: join(ROOT, 'bench/results/questions.md') },
  },
});
process.env.PPL_BFF_DIST = resolve(opts.dist);
const { detection, generator, extract, laidOut } = await import('./lib/question-detection.mjs');
/**
 * @typedef {import('./lib/question-detection.mjs').Position} Position
 * @typedef {import('./lib/question-detection.mjs').Generated} Generated
 */
/** A question start is right on the right page within this share of the page's height. */
const TOP_TOLERANCE = 0.03;

/** @param {Position | undefined} found @param {Position} expected */
const samePlace = (found, expected) =>
  found !== undefined && found.page === expected.page && Math.abs(found.top - expected.top) <= TOP_TOLERANCE;

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
/** @param {number} hits @param {number} total */
const share = (hits, total) => (total === 0 ? 1 : hits / total);
const percent = (/** @type {number} */ value) => `${(value * 100).toFixed(value === 1 ? 0 : 2)} %`;

async function main() {
  const started = Date.now();
  const specs = generator.labelledSetSpecs({
    seed: Number(opts.seed),
    papers: Number(opts.papers),
    damagedPerKind: Number(opts.damaged),
  });
  const counts = {
    starts: { hits: 0, total: 0 },
    rows: { hits: 0, total: 0 },
    qpMarks: { hits: 0, total: 0 },
    msMarks: { hits: 0, total: 0 },
    comments: { hits: 0, total: 0 },
    covers: { hits: 0, total: 0 },
    ready: { hits: 0, total: 0 },
    flagged: { hits: 0, total: 0 },
  };
  /** @type {string[]} */
  const misses = [];
  /** @type {Record<string, { hits: number; total: number }>} */
  const flaggedByDamage = {};
  let generateMs = 0;
  let pages = 0;
  let questions = 0;
  let spanning = 0;
  let withFigures = 0;
  let subParts = 0;
  let twoDigitMarks = 0;
  let threeDigitTotals = 0;
  for (const spec of specs) {
    const t0 = performance.now();
    const paper = await generator.renderPaper(spec);
    generateMs += performance.now() - t0;
    const qp = detection.detectQuestionPaper(laidOut(await extract(paper.questionPaper.pdf)));
    const ms = detection.detectMarkScheme(laidOut(await extract(paper.markScheme.pdf)));
    const er = detection.detectExaminerReport(laidOut(await extract(paper.examinerReport.pdf)));
    const set = detection.questionSet({ questionPaper: qp, markScheme: ms, examinerReport: er });
    const id = `seed ${spec.seed}${spec.damage ? ` (${spec.damage})` : ''}`;
    if (paper.expected === 'flagged') {
      const byDamage = (flaggedByDamage[spec.damage ?? ''] ??= { hits: 0, total: 0 });
      byDamage.total++;
      counts.flagged.total++;
      // "Never shown wrong": a damaged paper passes only as flagged (or, at worst, as none).
      if (set.status === 'flagged' || set.status === 'none') {
        counts.flagged.hits++;
        byDamage.hits++;
      } else misses.push(`${id}: damaged but ${set.status}`);
      continue;
    }
    pages += paper.questionPaper.labels.pages;
    questions += paper.questionPaper.labels.questions.length;
    spanning += paper.questionPaper.labels.questions.filter((q) => q.lastPage > q.start.page).length;
    withFigures += paper.spec.questions.filter((q) => q.figure).length;
    subParts += paper.spec.questions.filter((q) => q.leaves.some((leaf) => leaf.label.endsWith('(i)'))).length;
    twoDigitMarks += paper.spec.questions.filter((q) => q.leaves.some((leaf) => leaf.marks >= 10)).length;
    if (paper.questionPaper.labels.statedTotal >= 100) threeDigitTotals++;
    counts.ready.total++;
    if (set.status === 'ready') counts.ready.hits++;
    else misses.push(`${id}: sound but ${set.status}: ${set.reasons.join(' ')}`);
    counts.covers.total++;
    if (
      qp?.cover.statedTotal === paper.questionPaper.labels.statedTotal &&
      qp.cover.durationMinutes === paper.questionPaper.labels.durationMinutes
    ) {
      counts.covers.hits++;
    } else misses.push(`${id}: cover read as ${JSON.stringify(qp?.cover)}`);
    for (const label of paper.questionPaper.labels.questions) {
      const found = qp?.questions.find((question) => question.number === label.number);
      counts.starts.total++;
      counts.qpMarks.total++;
      if (samePlace(found?.start, label.start)) counts.starts.hits++;
      else
        misses.push(
          `${id}: question ${label.number} expected at ${JSON.stringify(label.start)}, found ${JSON.stringify(found?.start)}`,
        );
      if (found?.marks === label.marks) counts.qpMarks.hits++;
      else misses.push(`${id}: question ${label.number} has ${label.marks} marks, found ${found?.marks}`);
    }
    for (const label of paper.markScheme.labels.rows) {
      const found = ms?.rows.find((row) => row.label === label.label);
      counts.rows.total++;
      if (found?.question === label.question && samePlace(found.start, label.start)) counts.rows.hits++;
      else
        misses.push(
          `${id}: mark-scheme row ${label.label} expected at ${JSON.stringify(label.start)}, found ${JSON.stringify(found)}`,
        );
    }
    for (const label of paper.markScheme.labels.questions) {
      const found = ms?.questions.find((question) => question.number === label.number);
      counts.msMarks.total++;
      if (found?.marks === label.marks) counts.msMarks.hits++;
      else misses.push(`${id}: mark scheme question ${label.number} has ${label.marks} marks, found ${found?.marks}`);
    }
    const comments = detection.commentsForPaper(er, paper.examinerReport.labels.paperCode);
    for (const label of paper.examinerReport.labels.comments) {
      for (const number of label.questions) {
        const found = comments.find((comment) => comment.questions.includes(number));
        counts.comments.total++;
        if (samePlace(found?.start, label.start)) counts.comments.hits++;
        else
          misses.push(
            `${id}: examiner comment on question ${number} expected at ${JSON.stringify(label.start)}, found ${JSON.stringify(found?.start)}`,
          );
      }
    }
  }

  // Cost: detection against pdf.js's text extraction of a 20-page paper, medians of several rounds.
  const long = await generator.generatePaper(Number(opts.seed) + 5000, { minimumPages: 20 });
  const rounds = Math.max(3, Number(opts.rounds));
  /** @type {number[]} */
  const extractMs = [];
  /** @type {number[]} */
  const detectMs = [];
  let detected = 0;
  for (let round = 0; round < rounds; round++) {
    const t0 = performance.now();
    const raw = await extract(long.questionPaper.pdf);
    const t1 = performance.now();
    const result = detection.detectQuestionPaper(laidOut(raw));
    const t2 = performance.now();
    extractMs.push(t1 - t0);
    detectMs.push(t2 - t1);
    detected = result?.questions.length ?? 0;
  }
  const costRatio = median(detectMs) / median(extractMs);

  /** @type {Array<[name: string, count: { hits: number; total: number }, goal: string, needed: number]>} */
  const goals = [
    ['Question starts at the right page and within 3 % of the page height', counts.starts, '≥ 99 %', 0.99],
    ['Mark-scheme rows linked to the right question (and found at their place)', counts.rows, '≥ 99 %', 0.99],
    ['Marks per question exact (question paper)', counts.qpMarks, '≥ 99 %', 0.99],
    ['Marks per question exact (mark scheme)', counts.msMarks, '≥ 99 %', 0.99],
    ['Damaged papers flagged (never shown as ready)', counts.flagged, '100 %', 1],
    ['Sound papers ready (not flagged by mistake)', counts.ready, 'as high as possible', 0],
    ['Examiner comments found for the right question', counts.comments, 'as high as possible', 0],
    ['Cover read (stated total and duration)', counts.covers, 'as high as possible', 0],
  ];
  const figures = goals.map(([name, count, goal, needed]) => {
    const value = share(count.hits, count.total);
    return { name, value, detail: `${count.hits} / ${count.total}`, goal, met: value >= needed };
  });
  for (const figure of figures)
    console.log(`bench questions ${figure.name}: ${percent(figure.value)} (${figure.detail})`);
  console.log(
    `bench questions cost: detection ${median(detectMs).toFixed(1)} ms, extraction ${median(extractMs).toFixed(1)} ms of a ${long.questionPaper.labels.pages}-page paper (ratio ${costRatio.toFixed(3)})`,
  );
  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const cpu = cpus();
  const text = `# Question detection benchmark

Written by \`node bench/questions.mjs\`: the BFF's question detection (\`bff/src/question-detection\`) run on a
labelled set it generates (\`question-detection/testing\`: pdfkit, deterministic from the seed), each PDF read by
pdf.js's legacy build in Node as the BFF's reader does. A question start counts when the detected question of that
number is on the labelled page and its top within ${TOP_TOLERANCE * 100} % of the page height of the label; a mark-scheme
row when the row of that label is found, under the right question, at its place.

- Date: ${new Date().toISOString()}
- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}; load average ${loadAverage}
- Set: ${specs.length - counts.flagged.total} sound papers (seed ${opts.seed} on; ${questions} questions of which ${spanning} run over a page, ${withFigures} with a figure, ${subParts} with sub-parts, ${twoDigitMarks} with a part of 10 marks or more; ${threeDigitTotals} papers of 100 marks or more; ${pages} pages of question paper), ${counts.flagged.total} damaged (${opts.damaged} of each kind), each with its mark scheme and examiner report; generated in ${(generateMs / 1000).toFixed(1)} s; the whole run took ${((Date.now() - started) / 1000).toFixed(1)} s

| Figure | Value | | Goal | |
| --- | --- | --- | --- | --- |
${figures.map((f) => `| ${f.name} | ${percent(f.value)} | ${f.detail} | ${f.goal} | ${f.goal.startsWith('as') ? '' : f.met ? 'met' : '**not met**'} |`).join('\n')}
| Detection time / text extraction time, ${long.questionPaper.labels.pages}-page paper (median of ${rounds}) | ${(costRatio * 100).toFixed(1)} % | ${median(detectMs).toFixed(1)} ms / ${median(extractMs).toFixed(1)} ms, ${detected} questions | ≤ 30 % | ${costRatio <= 0.3 ? 'met' : '**not met**'} |

Damaged papers by kind: ${Object.entries(flaggedByDamage)
    .map(([damage, c]) => `${damage} ${c.hits}/${c.total}`)
    .join(', ')}.

${misses.length === 0 ? 'No misses.' : `Misses:\n\n${misses.map((miss) => `- ${miss}`).join('\n')}`}
`;
  writeFileSync(opts.results, text);
  console.log(`Written: ${opts.results}`);
  const failed = figures.some((figure) => !figure.goal.startsWith('as') && !figure.met) || costRatio > 0.3;
  process.exitCode = failed ? 1 : 0;
}

await main();
