// @ts-check
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frontendConfig, withPrivateSourceMaps } from '@ppl/shared-ui/build/rspack-preset';

/**
 * The document viewer (issue 14) runs pdf.js in the browser only: the server bundle gets an empty module in its place
 * (it never opens a document), and the worker is emitted as a content-hashed `.js` file so that servers give it the
 * immutable cache headers of every other hashed chunk.
 * @param {import('@rspack/core').Configuration} config
 * @returns {import('@rspack/core').Configuration}
 */
function withPdfjs(config) {
  if (config.name === 'public_site-server') {
    return { ...config, resolve: { ...config.resolve, alias: { ...config.resolve?.alias, 'pdfjs-dist': false } } };
  }
  if (config.name !== 'public_site') return config;
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
  const finish = (/** @type {import('@rspack/core').Configuration} */ config) =>
    withPrivateSourceMaps(withPdfjs(config));
  return Array.isArray(configs) ? configs.map(finish) : finish(configs);
};
