const { existsSync } = require('node:fs');
const { join } = require('node:path');

/** file-type's entry wherever npm placed it (the BFF's own node_modules or the workspace root). */
function fileTypeEntry() {
  const candidates = [
    join(__dirname, 'node_modules/file-type/index.js'),
    join(__dirname, '../node_modules/file-type/index.js'),
  ];
  return candidates.find((path) => existsSync(path)) ?? candidates[0];
}

/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const base = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': swc },
  // NestJS 12 and a few libraries ship pure ESM: let swc turn them into CommonJS for jest.
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|strtok3|token-types|peek-readable|@tokenizer|@borewit|uint8array-extras)/)',
  ],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // file-type's "node" export has only import/module-sync conditions (Node loads it through require(esm)).
    '^file-type$': fileTypeEntry(),
  },
};

/**
 * With PostgreSQL available (TEST_DATABASE_URL), the whole integration suite runs on PostgreSQL and only these files
 * run again on the embedded PGlite: what can differ between the two. PGlite is one session behind a multiplexer
 * (locking, concurrent writers, transactions that hold everyone), runs in its own process (start, stop, restarts, its
 * dump for backups), loads its extensions itself (full-text search, trigrams) and has its own change feed (NOTIFY).
 * Everything else already runs on PGlite elsewhere: every browser journey, the hostile suite and the reliability
 * suite drive the product as `npm start` runs it, on its embedded PGlite (reading, questions, previews, the admin's
 * writes), so a file about a feature's rules rather than the database is run on PostgreSQL only.
 * Without PostgreSQL every file runs on PGlite. A new file that depends on any of these belongs here.
 */
const PGLITE_SET = [
  // the embedded database process, its first start, migrations and dump
  'embedded/',
  'first-start',
  'schema',
  'backup',
  'documents-migration',
  'questions-edit-migration',
  'document-model-migrations',
  // one session: concurrent writers, row locks, SKIP LOCKED queues, atomic counters
  'lost-updates',
  'idempotency',
  'login-throttle',
  'downloads',
  'imports',
  // extensions: full-text search and trigrams, statement timeouts
  'search-bounds',
  'search-relevance',
  // the change feed (LISTEN/NOTIFY) behind the read cache and the renderer's versions stream
  'read-cache',
  'internal-versions',
];
const pgliteSet = PGLITE_SET.map((name) => `<rootDir>/test/${name.endsWith('/') ? `${name}**/*` : `${name}.test`}.ts`);

const integration = {
  ...base,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/reliability/'],
};

/**
 * unit: src/**\/*.test.ts, pure logic without a database or a server (`npm run test:unit`). integration: test/**\/*.test.ts against the real application and a real database:
 * every file on PostgreSQL when TEST_DATABASE_URL is set and PGLITE_SET again on the embedded PGlite (PGLITE_ALL=1:
 * every file on both); without TEST_DATABASE_URL every file on PGlite.
 * reliability: test/reliability (load, database fault, bad input, concurrency) against the built BFF as its own
 * process; only with PPL_RELIABILITY=1, which `npm run test:reliability` sets (it builds first, and runs alone:
 * it takes minutes, and may restart databases).
 */
module.exports = {
  testTimeout: 120000,
  projects: [
    { ...base, displayName: 'unit', roots: ['<rootDir>/src'], testMatch: ['**/*.test.ts'] },
    {
      ...integration,
      displayName: 'pglite',
      globals: { DB_TARGET: 'pglite' },
      ...(process.env.TEST_DATABASE_URL && process.env.PGLITE_ALL !== '1' ? { testMatch: pgliteSet } : {}),
    },
    ...(process.env.TEST_DATABASE_URL
      ? [
          {
            ...integration,
            displayName: 'postgres',
            globals: { DB_TARGET: 'postgres' },
            // test/embedded/ is about the embedded database process itself: once is enough.
            testPathIgnorePatterns: [...integration.testPathIgnorePatterns, '<rootDir>/test/embedded/'],
          },
        ]
      : []),
    ...(process.env.PPL_RELIABILITY === '1'
      ? [{ ...base, displayName: 'reliability', roots: ['<rootDir>/test/reliability'], testMatch: ['**/*.test.ts'] }]
      : []),
  ],
};
