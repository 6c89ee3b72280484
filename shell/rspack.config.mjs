// @ts-check
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig, withPrivateSourceMaps } from '@ppl/shared-ui/build/rspack-preset';

// The host: no build-time remotes. Their manifests are read at run time from /remotes.json.
export default (/** @type {Record<string, unknown>} */ _env, /** @type {{ mode?: string }} */ argv) => {
  const configs = frontendConfig(
    {
      dirname: dirname(fileURLToPath(import.meta.url)),
      name: 'shell',
      cssPrefix: 'sh',
      role: 'host',
      title: 'Past Paper Library',
      devPort: 3000,
      devReloadOn: ['../public-site/src/**/*', '../admin-console/src/**/*', '../shared-ui/src/**/*'],
    },
    argv,
  );
  return Array.isArray(configs) ? configs.map(withPrivateSourceMaps) : withPrivateSourceMaps(configs);
};
