// @ts-check
// One ESLint configuration for every workspace and the scripts. Type-aware rules read each file's nearest tsconfig
// (projectService); `npm run lint` (scripts/lint-code.mjs) hands them the programs it has just type-checked instead.
// Formatting is Prettier's job (`prettier --check .` in `npm run lint`), not ESLint's.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FRONT_ENDS = ['public-site', 'admin-console'];

/** Files linted without type information (CommonJS and tool configurations belong to no tsconfig). */
export const UNTYPED_FILES = ['**/*.cjs', '**/*.config.{js,mjs}', 'eslint.config.mjs'];

/**
 * Architecture as rules (bulletproof-react and the module-federation split):
 * - a feature folder never imports another feature (app → features → shared, one way);
 * - shared code inside a remote (components, lib, hooks, api) never imports a feature or the app;
 * - a remote never imports the other remote or the shell; the shell imports neither remote (it loads them at run
 *   time); shared-ui imports no app.
 */
const boundaryElements = [
  ...FRONT_ENDS.flatMap((app) => [
    { type: 'feature', pattern: `${app}/src/features/*`, capture: ['feature'] },
    { type: 'app', pattern: `${app}/src/app` },
    { type: 'shared', pattern: `${app}/src/*`, capture: ['folder'] },
  ]),
];

/** Files whose folder decides where they may import from. */
const boundaryPolicies = [
  // Inside a front end: a feature may use its own files, shared folders and the shared library.
  {
    from: { element: { type: 'feature' } },
    disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
  },
  { from: { element: { type: 'feature' } }, disallow: { to: { element: { type: 'app' } } } },
  { from: { element: { type: 'shared' } }, disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } } },
];

/** Between deployable units nothing reaches into another unit's files (shared-ui is imported as a package). */
const UNITS = ['public-site', 'admin-console', 'shell', 'shared-ui'];
const otherUnits = (/** @type {string[]} */ allowed) =>
  UNITS.filter((unit) => !allowed.includes(unit)).flatMap((unit) => [
    `**/${unit}/**`,
    `@ppl/${unit}`,
    `@ppl/${unit}/**`,
  ]);
const unitBoundaries = [
  ...['public-site', 'admin-console', 'shell'].map((unit) => ({ unit, allowed: [unit, 'shared-ui'] })),
  { unit: 'shared-ui', allowed: ['shared-ui'] },
].map(({ unit, allowed }) => ({
  files: [`${unit}/**/*.{ts,tsx,mjs}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: otherUnits(allowed),
            message: `${unit} is released on its own: it may not import another unit's code (shared code goes in shared-ui).`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/.nx/**',
      '**/.data/**',
      '**/coverage/**',
      'bench/.work/**',
      '.tmp/**',
      'shared-ui/src/api/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // TypeScript's own checks (noUnused*) already cover these; ESLint repeating them only adds noise.
      '@typescript-eslint/no-unused-vars': 'off',
      // Express, Nest and jest APIs are typed loosely; these fire on every test double and middleware.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  // CommonJS config files and test setup.
  {
    files: ['**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
      globals: { ...globals.node },
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
  // The BFF: Nest decorators need runtime (not type-only) imports for their metadata.
  {
    files: ['bff/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  // Jest tests (every workspace).
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', '**/test/**/*.tsx', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Front ends: React hooks, accessibility, the browser, and the architecture boundaries.
  {
    files: ['{public-site,admin-console,shell,shared-ui}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, boundaries },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      'boundaries/elements': boundaryElements,
      'boundaries/include': ['{public-site,admin-console,shell,shared-ui}/**/*.{ts,tsx}'],
      'import/resolver': { typescript: { alwaysTryTypes: true } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // These two are React Compiler readiness rules; the product does not use the compiler, and the patterns they
      // flag here (resetting UI state when the route changes, reading a ref to decide initial focus) are deliberate.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable table region must be focusable so keyboard users can scroll it (WCAG 2.1.1, axe's rule).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
      'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies }],
    },
  },
  ...unitBoundaries,
  // Plain JavaScript build and server scripts: no type-aware rules where no tsconfig includes them.
  {
    files: UNTYPED_FILES,
    ...tseslint.configs.disableTypeChecked,
  },
);
