// @ts-check
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { frontendConfig, withPrivateSourceMaps } from '@ppl/shared-ui/build/rspack-preset';
import { serviceWorkerConfig, serviceWorkerOff } from './scripts/service-worker.mjs';

/**
 * The document viewer runs pdf.js in the browser only: the server bundle gets an empty module in its place
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

/**
 * The offline packs' service worker (docs/offline.md): the pages learn at build time whether to register it
 * (`__PUBLIC_SW__`, 'off' with PUBLIC_SW=off), and the worker is a compilation of its own after the browser build.
 * @param {import('@rspack/core').Configuration} config
 * @returns {import('@rspack/core').Configuration}
 */
function withServiceWorkerFlag(config) {
  if (config.name !== 'public_site' && config.name !== 'public_site-server') return config;
  const flag = new rspack.DefinePlugin({ __PUBLIC_SW__: JSON.stringify(serviceWorkerOff() ? 'off' : 'on') });
  return { ...config, plugins: [...(config.plugins ?? []), flag] };
}

export default (/** @type {Record<string, unknown>} */ _env, /** @type {{ mode?: string }} */ argv) => {
  // One build id for the browser build, its server bundle and the worker (which stores only pages of its own build).
  process.env.BUILD_ID ||= randomUUID();
  const buildId = process.env.BUILD_ID;
  const configs = frontendConfig(
    {
      dirname: dirname(fileURLToPath(import.meta.url)),
      name: 'public_site',
      cssPrefix: 'ps',
      role: 'remote',
      // The exposed-module contract with the shell. Keep './App' stable (see docs/releasing.md).
      exposes: { './App': './src/app/App.tsx' },
      // The server bundle the shell's server renders public pages with (see docs/releasing.md).
      serverEntry: './src/app/server.tsx',
      // jsdom (for DOMPurify) is the host's: too large and too dynamic to bundle.
      serverExternals: ['jsdom'],
      title: 'Past Paper Library',
      devPort: 3002,
    },
    argv,
  );
  const finish = (/** @type {import('@rspack/core').Configuration} */ config) =>
    withServiceWorkerFlag(withPrivateSourceMaps(withPdfjs(config)));
  const all = (Array.isArray(configs) ? configs : [configs]).map(finish);
  const browser = all.find((c) => c.name === 'public_site');
  if (!browser?.output?.path || !browser.context) return all;
  const mode = browser.mode === 'development' ? 'development' : 'production';
  return [...all, serviceWorkerConfig({ dirname: browser.context, outputPath: browser.output.path, buildId, mode })];
};
