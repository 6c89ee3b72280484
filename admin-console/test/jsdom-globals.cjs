// jsdom lacks the encoders react-router reads at import time; Node has them.
const util = require('node:util');

Object.assign(globalThis, { TextDecoder: util.TextDecoder, TextEncoder: util.TextEncoder });
