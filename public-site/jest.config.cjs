const preset = require('../shared-ui/build/jest-preset.cjs')(__dirname);

module.exports = {
  ...preset,
  // jsdom lacks TextEncoder/TextDecoder, which react-router needs.
  setupFiles: [...(preset.setupFiles ?? []), '<rootDir>/test/setup-env.ts'],
};
