// @ts-check
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig, withPrivateSourceMaps } from '@ppl/shared-ui/build/rspack-preset';

export default (/** @type {Record<string, unknown>} */ _env, /** @type {{ mode?: string }} */ argv) => {
  const configs = frontendConfig(
    {
      dirname: dirname(fileURLToPath(import.meta.url)),
      name: 'admin_console',
      cssPrefix: 'ac',
      role: 'remote',
      // The exposed-module contract with the shell. Keep './App' stable (see docs/releasing.md).
      exposes: { './App': './src/app/App.tsx' },
      title: 'Admin · Past Paper Library',
      devPort: 3003,
    },
    argv,
  );
  return Array.isArray(configs) ? configs.map(withPrivateSourceMaps) : withPrivateSourceMaps(configs);
};
