// @ts-check
import { writeFileSync } from 'node:fs';

/**
 * @param {string} file
 * @param {{ date: string; machine: string; database: string; settings: string; notes: string[];
 *   figures: Array<{ name: string; value: number; unit: string; ratio: number; baseline: string; goal: string; met: boolean }> }} run
 */
export function writeResults(file, run) {
  const rows = run.figures.map(
    (f) =>
      `| ${f.name} | ${Number.isInteger(f.value) ? f.value : f.value.toFixed(f.value < 10 ? 2 : 1)} ${f.unit} | ${f.ratio.toFixed(2)} vs ${f.baseline} | ${f.goal} | ${f.met ? 'met' : '**not met**'} |`,
  );
  const text = `# Benchmark results

Written by \`npm run bench\` (bench/run.mjs). Ratios compare the product with a baseline measured in the same run on
the same machine, so they are comparable between runs where absolute numbers are not.

- Date: ${run.date}
- Machine: ${run.machine}
- Database: ${run.database}
- Load: ${run.settings}

| Figure | Value | Ratio | Goal | |
| --- | --- | --- | --- | --- |
${rows.join('\n')}

Details:
${run.notes.map((n) => `- ${n}`).join('\n')}
`;
  writeFileSync(file, text);
}
