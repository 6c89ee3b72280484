// @ts-check
// One pass over the code of a group of projects: each TypeScript project is compiled once, its type errors are
// reported, and the same programs are handed to ESLint for its type-aware rules, so the types are worked out once
// rather than once by tsc and again by ESLint.
//   node scripts/lint-code.mjs server|front-ends [--fix]
// `npm run lint` runs both groups side by side (one core each). Exit 1 when either tool finds a problem.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The configuration's own list of files that are linted without types (read at run time, not type-checked here). */
const { UNTYPED_FILES } = /** @type {{ UNTYPED_FILES: string[] }} */ (
  await import(pathToFileURL(join(root, 'eslint.config.mjs')).href)
);

const FRONT_END_FOLDERS = ['shared-ui', 'public-site', 'admin-console', 'shell'];

/**
 * The groups: the tsconfig of every linted file (its nearest one) and what is linted with them. The server group
 * lints everything outside the front ends, so a new folder is linted too, and a typed file that no listed program
 * holds fails ESLint ("not found in any of the provided program instances") until its tsconfig is listed here.
 */
const GROUPS = {
  server: {
    projects: ['tsconfig.json', 'bff/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
    paths: ['.'],
    ignore: FRONT_END_FOLDERS.map((folder) => `${folder}/**`),
  },
  'front-ends': {
    projects: [
      'shared-ui/tsconfig.json',
      'public-site/tsconfig.json',
      'public-site/src/sw/tsconfig.json',
      'admin-console/tsconfig.json',
      'shell/tsconfig.json',
    ],
    paths: FRONT_END_FOLDERS,
    ignore: [],
  },
};

/** @type {ts.FormatDiagnosticsHost} */
const host = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

/** @param {string} configPath */
function compile(configPath) {
  const file = join(root, configPath);
  const read = ts.readConfigFile(file, (path) => ts.sys.readFile(path));
  if (read.error) return { program: null, diagnostics: [read.error] };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(file), undefined, file);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: { ...parsed.options, noEmit: true },
    projectReferences: parsed.projectReferences,
  });
  return { program, diagnostics: [...parsed.errors, ...ts.getPreEmitDiagnostics(program)] };
}

const seconds = (/** @type {number} */ since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const groupName = process.argv[2] ?? '';
const group = GROUPS[/** @type {keyof typeof GROUPS} */ (groupName)];
if (!group) {
  console.error(`usage: node scripts/lint-code.mjs ${Object.keys(GROUPS).join('|')} [--fix]`);
  process.exit(2);
}
const fix = process.argv.includes('--fix');

let started = Date.now();
/** @type {ts.Program[]} */
const programs = [];
let typeErrors = 0;
for (const project of group.projects) {
  const { program, diagnostics } = compile(project);
  if (program) programs.push(program);
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  typeErrors += errors.length;
  if (errors.length > 0) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(errors, host));
}
console.log(`types (${groupName}): ${group.projects.length} projects, ${typeErrors} error(s), ${seconds(started)}`);

started = Date.now();
const eslint = new ESLint({
  cwd: root,
  fix,
  ignorePatterns: group.ignore,
  // The configuration's project service would build these programs again: the type-aware rules use them instead.
  overrideConfig: [
    {
      ignores: UNTYPED_FILES,
      languageOptions: { parserOptions: { projectService: false, programs } },
    },
  ],
});
const results = await eslint.lintFiles(group.paths);
if (fix) await ESLint.outputFixes(results);
const report = await (await eslint.loadFormatter('stylish')).format(results);
if (report) console.log(report);
const lintErrors = results.reduce((sum, r) => sum + r.errorCount + r.fatalErrorCount, 0);
console.log(`eslint (${groupName}): ${results.length} files, ${lintErrors} error(s), ${seconds(started)}`);
process.exitCode = typeErrors + lintErrors > 0 ? 1 : 0;
