// @ts-check
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig, withPrivateSourceMaps } from '@ppl/shared-ui/build/rspack-preset';

/**
 * The question-cuts editor draws the question paper's pages with pdf.js: its worker is emitted as a content-hashed
 * `.js` file of its own, as in the public site (public-site/rspack.config.mjs).
 * @param {import('@rspack/core').Configuration} config
 * @returns {import('@rspack/core').Configuration}
 */
function withPdfjsWorker(config) {
  const workerRule = {
    test: /pdf\.worker(\.min)?\.mjs$/,
    type: 'asset/resource',
    generator: { filename: 'assets/pdf.worker.[contenthash:8].js' },
  };
  return { ...config, module: { ...config.module, rules: [...(config.module?.rules ?? []), workerRule] } };
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
  const finish = (/** @type {import('@rspack/core').Configuration} */ config) =>
    withPrivateSourceMaps(withPdfjsWorker(config));
  return Array.isArray(configs) ? configs.map(finish) : finish(configs);
};
