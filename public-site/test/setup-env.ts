import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// Stamped by the build (DefinePlugin); the footer shows it.
Object.assign(globalThis, { __RELEASE_VERSION__: 'test-release', __BUILD_ID__: 'test-build' });

// The API client logs every request with console.debug outside production; in tests that is noise (requests a test
// does not mock simply fail, which the screens handle).
console.debug = () => undefined;
