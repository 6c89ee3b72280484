module.exports = require('../shared-ui/build/jest-preset.cjs')(__dirname);
