import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// Stamped by the build (DefinePlugin); the footer shows it.
Object.assign(globalThis, { __RELEASE_VERSION__: 'test-release' });
