// @ts-check
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig } from '@ppl/shared-ui/build/rspack-preset';

export default (/** @type {Record<string, unknown>} */ _env, /** @type {{ mode?: string }} */ argv) =>
  frontendConfig(
    {
      dirname: dirname(fileURLToPath(import.meta.url)),
      name: 'public_site',
      cssPrefix: 'ps',
      role: 'remote',
      // The exposed-module contract with the shell. Keep './App' stable (see docs/releasing.md).
      exposes: { './App': './src/app/App.tsx' },
      // The server bundle the shell's server renders public pages with (issue 13; see docs/releasing.md).
      serverEntry: './src/app/server.tsx',
      // jsdom (for DOMPurify) is the host's: too large and too dynamic to bundle.
      serverExternals: ['jsdom'],
      title: 'Past Paper Library',
      devPort: 3002,
    },
    argv,
  );
