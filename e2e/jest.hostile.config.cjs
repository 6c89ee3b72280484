/**
 * Hostile-input and front-door tests: the product started exactly as `npm start` starts it (support/hostile-setup.ts),
 * attacked the way an outsider would, while other requests are timed. Files run one at a time; a file that must kill
 * or stop the product starts its own (support/product.ts).
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/hostile'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  globalSetup: '<rootDir>/support/hostile-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 180000,
};
