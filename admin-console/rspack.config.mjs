// @ts-check
import { rmSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig } from '@ppl/shared-ui/build/rspack-preset';

/**
 * Source maps stay private: the production build writes them without a `sourceMappingURL` comment and moves them
 * out of the served folder into `<dist>-sourcemaps/` (for error reports), so no server hands out the source.
 * @param {import('@rspack/core').Configuration} config
 * @returns {import('@rspack/core').Configuration}
 */
function withPrivateSourceMaps(config) {
  if (config.devtool !== 'source-map') return config;
  const mapsDir = `${config.output?.path}-sourcemaps`;
  rmSync(mapsDir, { recursive: true, force: true });
  /** @type {import('@rspack/core').RspackPluginInstance} */
  const moveMaps = {
    apply(compiler) {
      compiler.hooks.afterEmit.tapPromise('PrivateSourceMaps', async (compilation) => {
        const out = compiler.options.output.path ?? '';
        for (const name of Object.keys(compilation.assets).filter((n) => n.endsWith('.map'))) {
          const target = join(mapsDir, name);
          await mkdir(dirname(target), { recursive: true });
          await rename(join(out, name), target);
        }
      });
    },
  };
  return { ...config, devtool: 'hidden-source-map', plugins: [...(config.plugins ?? []), moveMaps] };
}

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
