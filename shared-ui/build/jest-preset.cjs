// Jest preset shared by the React packages: swc for TS/TSX, jsdom, CSS modules as identity maps.
const path = require('node:path');

/** @param {string} rootDir */
module.exports = (rootDir) => ({
  rootDir,
  testEnvironment: path.join(__dirname, 'jsdom-fetch-environment.cjs'),
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': path.join(__dirname, 'style-stub.cjs'),
  },
  setupFiles: [path.join(__dirname, 'jsdom-globals.cjs')],
  setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs')],
});
