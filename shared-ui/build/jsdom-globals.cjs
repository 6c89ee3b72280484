// Before each test file of the React packages: jsdom lacks the encoders react-router reads at import time (Node has
// them), and the API client's console.debug line per request is noise in tests.
const util = require('node:util');

Object.assign(globalThis, { TextDecoder: util.TextDecoder, TextEncoder: util.TextEncoder });

console.debug = () => undefined;
