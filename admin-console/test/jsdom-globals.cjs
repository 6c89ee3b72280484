// jsdom lacks the encoders react-router reads at import time; Node has them.
const util = require('node:util');

Object.assign(globalThis, { TextDecoder: util.TextDecoder, TextEncoder: util.TextEncoder });

// The API client logs every request with console.debug outside production; in tests that is noise.
console.debug = () => undefined;
