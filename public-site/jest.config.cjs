const preset = require('../shared-ui/build/jest-preset.cjs')(__dirname);

module.exports = {
  ...preset,
  // What rspack's DefinePlugin provides in the builds.
  setupFiles: [...(preset.setupFiles ?? []), '<rootDir>/test/setup-env.ts'],
};
