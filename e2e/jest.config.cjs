/** Browser journeys run one file at a time against one product started by support/global-setup.ts. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  // The release tests start their own servers (`npm run test:releases`, jest.releases.config.cjs); the hostile ones
  // attack a product of their own (`npm run test:hostile`, jest.hostile.config.cjs).
  testPathIgnorePatterns: ['/node_modules/', '/tests/releases/', '/tests/hostile/'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 90000,
};
