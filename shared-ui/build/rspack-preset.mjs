// @ts-check
// The one rspack + Module Federation preset for the shell and both remotes, so that the three builds agree on
// loaders, CSS handling, hashing and, above all, on the shared singletons.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';

const sharedUiPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * React, react-dom (with subpaths such as react-dom/client and react/jsx-runtime) and the host context are
 * singletons: one copy, loaded first by whoever starts (the shell, or a remote running alone).
 *
 * The router is not shared by the remotes: each remote's './App' renders its own router from its own,
 * tree-shaken copy of react-router (about 14 KB gzip instead of the 60 KB of the whole shared package), and the
 * shell follows the address without one. The shell still provides react-router, loaded only for a remote of an
 * earlier release that expects the host's router (see shell/src/app/LegacyRouter.tsx and docs/releasing.md).
 * @param {{ dependencies: Record<string, string> }} pkg the app's package.json
 * @param {'host' | 'remote'} role
 */
export function sharedSingletons(pkg, role) {
  const version = (/** @type {string} */ name) => {
    const v = pkg.dependencies[name];
    if (!v) throw new Error(`${name} must be a dependency of every federated app`);
    return v;
  };
  const single = (/** @type {string} */ name) => ({ singleton: true, requiredVersion: `^${version(name)}` });
  return {
    react: single('react'),
    'react/': single('react'),
    'react-dom': single('react-dom'),
    'react-dom/': single('react-dom'),
    ...(role === 'host' ? { 'react-router': single('react-router') } : {}),
    // The host context must be one object for the shell and every remote (see src/host).
    '@ppl/shared-ui/host': {
      singleton: true,
      requiredVersion: `^${sharedUiPackage.version}`,
      version: sharedUiPackage.version,
    },
  };
}

/**
 * @typedef {object} FrontendOptions
 * @property {string} dirname the app folder
 * @property {string} name the federation container name (an identifier: public_site, admin_console, shell)
 * @property {string} cssPrefix prefix of generated CSS class names (no style isolation in federation)
 * @property {'host' | 'remote'} role
 * @property {Record<string, string>} [exposes] remote only: the stable exposed-module contract
 * @property {string} title the standalone page title
 * @property {number} devPort port of `rspack serve`
 * @property {string[]} [devReloadOn] host only: source folders (of the remotes) whose change reloads the page in dev
 * @property {string} [serverEntry] remote only: the module a server renders pages with (built to dist/server/)
 * @property {string[]} [serverExternals] packages the server bundle requires from its host instead of bundling
 */

/** The federation runtime a remote's own standalone page loads first (the shell provides it otherwise). */
export const FEDERATION_RUNTIME_FILE = 'federation-runtime.js';

/**
 * @param {FrontendOptions} options
 * @param {{ mode?: string }} [argv]
 * @returns {import('@rspack/core').Configuration | import('@rspack/core').Configuration[]}
 */
export function frontendConfig(options, argv = {}) {
  const mode = argv.mode === 'development' || process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const prod = mode === 'production';
  const pkg = JSON.parse(readFileSync(join(options.dirname, 'package.json'), 'utf8'));
  const release = process.env.RELEASE_VERSION || pkg.version;
  // One id for every compilation of this build: the shell hydrates server HTML only when it came from the same build
  // of the remote as the code the browser loaded (a deploy between the two renders in the browser instead).
  const buildId = process.env.BUILD_ID || randomUUID();
  const isRemote = options.role === 'remote';
  const outputPath = process.env.OUTPUT_DIR ? resolve(process.env.OUTPUT_DIR) : join(options.dirname, 'dist');
  /** @type {import('@rspack/core').Configuration} */
  const app = {
    name: options.name,
    mode,
    context: options.dirname,
    entry: { main: './src/index.ts' },
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    target: ['web', 'es2020'],
    resolve: { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
    output: {
      // OUTPUT_DIR lets a release be built into its own folder (v1, v2 side by side) without touching dist/.
      path: outputPath,
      // The host is served from the site root so that deep links (/admin/users) find main.js; a remote resolves
      // its chunks from wherever its remoteEntry.js was loaded.
      publicPath: isRemote ? 'auto' : '/',
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: options.name,
      // A chunk that does not arrive in time fails (and the shell shows the remote's fallback) instead of hanging.
      chunkLoadTimeout: 15000,
      // (A remote's dist/ also receives federation-runtime.js from a second compilation: cleaned once, up front.)
      clean: !isRemote,
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !prod, refresh: !prod } },
            },
            env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|svg|jpe?g|gif|webp|woff2?)$/, type: 'asset' },
      ],
      // Default-import style (`import styles from './X.module.css'`), as jest's identity-obj-proxy sees it.
      parser: { 'css/auto': { namedExports: false } },
      generator: {
        'css/auto': { localIdentName: `${options.cssPrefix}-[local]-[hash:5]`, exportsConvention: 'camel-case' },
      },
    },
    plugins: [
      // `npm run dev`: edits show in place (React Refresh), in the shell too, without losing state.
      ...(prod ? [] : [new ReactRefreshRspackPlugin()]),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __RELEASE_VERSION__: JSON.stringify(release),
        __BUILD_ID__: JSON.stringify(buildId),
      }),
      new rspack.HtmlRspackPlugin({
        template: join(options.dirname, 'src/index.html'),
        title: options.title,
        // Standalone pages are served from their origin's root: absolute script URLs keep deep links working.
        publicPath: '/',
        // Only the app's entry: a remote's own page does not need its container entry (remoteEntry.js is for hosts).
        chunks: ['main'],
        minify: prod,
      }),
      new ModuleFederationPlugin({
        name: options.name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes: options.exposes ?? {} } : { remotes: {} }),
        shared: sharedSingletons(pkg, options.role),
        shareStrategy: 'loaded-first',
        dts: false,
        // One federation runtime per page: the host provides it to the remotes, which leave their copy out of
        // remoteEntry.js (about 18 KB gzip each); a remote's standalone page loads federation-runtime.js first.
        // The host's runtime runs in browsers only: leave out its Node.js loading code.
        experiments: isRemote
          ? { externalRuntime: true, optimization: { target: 'web' } }
          : { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
    ],
    optimization: {
      minimize: prod,
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin({ minimizerOptions: { compress: { passes: 2 }, mangle: true } }),
        new rspack.LightningCssMinimizerRspackPlugin(),
      ],
    },
    performance: { hints: false },
    experiments: {},
    lazyCompilation: false,
    devServer: {
      port: options.devPort,
      historyApiFallback: true,
      hot: true,
      // A remote's modules run in the host's page but its HMR client does not: the host reloads when they change
      // (the remote's dev server holds the request until its rebuild is ready). A remote alone keeps React Refresh.
      watchFiles: options.devReloadOn ?? [],
      liveReload: true,
      headers: isRemote ? { 'Access-Control-Allow-Origin': '*' } : {},
      proxy: [{ context: ['/backend/api'], target: process.env.BFF_URL || 'http://127.0.0.1:3001' }],
      // The host's dev server answers /remotes.json with the remotes' dev servers (npm run dev), as the deploy does.
      setupMiddlewares: (middlewares) => {
        if (isRemote) return middlewares;
        const remotes = {
          public_site: process.env.PUBLIC_SITE_MANIFEST_URL || 'http://localhost:3002/mf-manifest.json',
          admin_console: process.env.ADMIN_CONSOLE_MANIFEST_URL || 'http://localhost:3003/mf-manifest.json',
        };
        middlewares.unshift({
          name: 'remotes-json',
          path: '/remotes.json',
          middleware: (/** @type {unknown} */ _req, /** @type {import('node:http').ServerResponse} */ res) => {
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(JSON.stringify(remotes));
          },
        });
        return middlewares;
      },
    },
  };
  if (!isRemote) return app;
  if (prod) rmSync(outputPath, { recursive: true, force: true });
  const configs = [app, federationRuntimeConfig(options, mode, outputPath)];
  if (options.serverEntry) configs.push(serverConfig(options, mode, outputPath, release, buildId));
  return configs;
}

/** Where a remote's server bundle is written, relative to its dist/ (next to mf-manifest.json). */
export const SERVER_BUNDLE_FILE = 'server/render.js';

/**
 * A remote's server bundle: the same source for Node.js, one self-contained CommonJS file (React and
 * everything else inside; lazy pages included, so a render never waits for a chunk). CSS Modules give the class names
 * of the browser build (same context, uniqueName and ident pattern) without emitting any CSS.
 * @param {FrontendOptions} options
 * @param {'production' | 'development'} mode
 * @param {string} outputPath
 * @param {string} release
 * @param {string} buildId
 * @returns {import('@rspack/core').Configuration}
 */
function serverConfig(options, mode, outputPath, release, buildId) {
  return {
    name: `${options.name}-server`,
    mode,
    context: options.dirname,
    entry: { render: options.serverEntry ?? '' },
    devtool: false,
    target: 'node20',
    resolve: {
      extensions: ['.ts', '.tsx', '.mjs', '.js'],
      conditionNames: [mode, 'node', 'import', 'require', 'default'],
    },
    externals: Object.fromEntries((options.serverExternals ?? []).map((name) => [name, `commonjs ${name}`])),
    // react-router's framework-mode route modules are loaded with import(expression): unused here.
    ignoreWarnings: [/Critical dependency: the request of a dependency is an expression/],
    output: {
      path: join(outputPath, 'server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      uniqueName: options.name,
      clean: false,
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: false, refresh: false } },
            },
            env: { targets: 'node 20' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|svg|jpe?g|gif|webp|woff2?)$/, type: 'asset', generator: { emit: false } },
      ],
      parser: { 'css/auto': { namedExports: false } },
      generator: {
        'css/auto': {
          localIdentName: `${options.cssPrefix}-[local]-[hash:5]`,
          exportsConvention: 'camel-case',
          exportsOnly: true,
        },
      },
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        __RELEASE_VERSION__: JSON.stringify(release),
        __BUILD_ID__: JSON.stringify(buildId),
      }),
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
  };
}

/**
 * @param {FrontendOptions} options
 * @param {'production' | 'development'} mode
 * @param {string} outputPath
 * @returns {import('@rspack/core').Configuration}
 */
function federationRuntimeConfig(options, mode, outputPath) {
  const prod = mode === 'production';
  /** @type {import('@rspack/core').Configuration} */
  const runtime = {
    name: `${options.name}-federation-runtime`,
    mode,
    context: options.dirname,
    entry: { runtime: fileURLToPath(new URL('./federation-runtime.mjs', import.meta.url)) },
    devtool: false,
    target: ['web', 'es2020'],
    output: {
      path: outputPath,
      filename: FEDERATION_RUNTIME_FILE,
      clean: false,
      uniqueName: `${options.name}_runtime`,
    },
    optimization: { minimize: prod },
    performance: { hints: false },
  };
  return runtime;
}

/**
 * Source maps stay private: the production build writes them without a `sourceMappingURL` comment and moves them
 * out of the served folder into `<dist>-sourcemaps/` (for error reports), so no server hands out the source.
 * @param {import('@rspack/core').Configuration} config
 * @returns {import('@rspack/core').Configuration}
 */
export function withPrivateSourceMaps(config) {
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
