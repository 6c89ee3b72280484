const preset = require('../shared-ui/build/jest-preset.cjs')(__dirname);

module.exports = {
  ...preset,
  // What rspack's DefinePlugin provides in the builds.
  globals: { __RELEASE_VERSION__: 'test-release' },
};
