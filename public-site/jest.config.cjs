const preset = require('../shared-ui/build/jest-preset.cjs')(__dirname);

module.exports = {
  ...preset,
  // What rspack's DefinePlugin provides in the builds.
  setupFiles: [...(preset.setupFiles ?? []), '<rootDir>/test/setup-env.ts'],
  // The router (wouter and its pattern parser) is published as ES modules only.
  transformIgnorePatterns: ['/node_modules/(?!(wouter|regexparam)/)'],
};
