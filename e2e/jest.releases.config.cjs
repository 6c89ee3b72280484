/**
 * Release tests: each file builds and serves the units it needs on its own loopback ports (split
 * deployment), so they do not use the shared product of global-setup.
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/releases'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // One seeded BFF data folder for the run; each file's BFF starts from a copy of it.
  globalSetup: '<rootDir>/support/release-setup.ts',
  globalTeardown: '<rootDir>/support/release-teardown.ts',
  testTimeout: 180000,
};
