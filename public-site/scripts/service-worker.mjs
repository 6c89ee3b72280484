// @ts-check
// The public site's service worker build (docs/offline.md): a compilation of its own (target webworker) that runs
// after the browser build, so that it can list that build's files:
//   sw.js                  the worker (src/sw/sw.ts) with this release's precache list, build id and viewer files
//   sw-off.js              the kill switch (src/sw/kill-switch.ts); PUBLIC_SW=off at build time makes it sw.js too
//   manifest.webmanifest   the web app manifest; icons/icon-192.png, icons/icon-512.png drawn here
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { rspack } from '@rspack/core';

/** Whether this build switches the worker off (PUBLIC_SW=off): sw.js is the kill switch, pages do not register. */
export const serviceWorkerOff = () => /^(off|false|0)$/i.test(process.env.PUBLIC_SW ?? '');

/** The theme colour of the site (the shell's `theme-color`). */
const THEME = [0x3b, 0x4f, 0xd8];

/**
 * A square PNG icon: the theme colour with a white sheet of paper and three lines of "text" (the site's subject).
 * @param {number} size
 */
export function iconPng(size) {
  const row = size * 4 + 1;
  const raw = Buffer.alloc(row * size);
  const u = (/** @type {number} */ v) => Math.round(v * size);
  const sheet = { x0: u(0.28), x1: u(0.72), y0: u(0.2), y1: u(0.8) };
  const lines = [0.34, 0.46, 0.58].map((y) => ({ y0: u(y), y1: u(y + 0.05) }));
  for (let y = 0; y < size; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < size; x++) {
      const inSheet = x >= sheet.x0 && x < sheet.x1 && y >= sheet.y0 && y < sheet.y1;
      const inLine = inSheet && x >= u(0.34) && x < u(0.66) && lines.some((l) => y >= l.y0 && y < l.y1);
      const [r, g, b] = inLine ? THEME : inSheet ? [255, 255, 255] : THEME;
      raw.set([r ?? 0, g ?? 0, b ?? 0, 255], y * row + 1 + x * 4);
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (/** @type {Buffer} */ buf) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (/** @type {string} */ type, /** @type {Buffer} */ data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The web app manifest (served at /manifest.webmanifest; the icons at /icons/). */
export const webManifest = () => ({
  name: 'Past Paper Library',
  short_name: 'Past Papers',
  description: 'Past papers, mark schemes and examiner reports, readable offline once saved.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#3b4fd8',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
  ],
});

/** pdf.js and its viewer: cached when a student first saves or reads a document, not when the worker installs. */
const isViewerFile = (/** @type {string} */ dir, /** @type {string} */ name) =>
  name.startsWith('pdfjs') ||
  name.startsWith('assets/pdf.worker.') ||
  (name.endsWith('.js') && readFileSync(join(dir, name), 'utf8').includes('PDFPageView'));

const sha = (/** @type {string} */ algorithm, /** @type {Buffer} */ data, /** @type {'hex' | 'base64'} */ enc) =>
  createHash(algorithm).update(data).digest(enc);

/**
 * What the worker precaches: the './App' chunks (sync and lazy, pdf.js left out) and the fixed-name entry files
 * with their integrity (a worker installing while the server already has another release fails and is tried
 * again, so it never holds two releases' files).
 * @param {string} dist the browser build's folder
 */
export function precacheLists(dist) {
  /** @type {{ exposes: Array<{ name: string; path: string; assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } } }> }} */
  const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
  const app = manifest.exposes.find((e) => e.name === 'App' || e.path === './App');
  if (!app) throw new Error('service worker: the public remote does not expose ./App');
  const files = [...app.assets.js.sync, ...app.assets.js.async, ...app.assets.css.sync, ...app.assets.css.async];
  const assets = existsSync(join(dist, 'assets')) ? readdirSync(join(dist, 'assets')).map((f) => `assets/${f}`) : [];
  const viewer = [...new Set([...files, ...assets])].filter((f) => isViewerFile(dist, f)).sort();
  const core = [...new Set(files)].filter((f) => !viewer.includes(f)).sort();
  /** @type {Array<{ url: string; revision: string | null; integrity?: string }>} */
  const precache = core.map((url) => ({ url, revision: null }));
  for (const fixed of ['remoteEntry.js', 'mf-manifest.json']) {
    const body = readFileSync(join(dist, fixed));
    precache.push({
      url: fixed,
      revision: sha('sha256', body, 'hex').slice(0, 16),
      integrity: `sha384-${sha('sha384', body, 'base64')}`,
    });
  }
  const release = sha('sha256', Buffer.from(JSON.stringify({ precache, viewer })), 'hex').slice(0, 12);
  return { release, precache, viewer };
}

/**
 * The worker's compilation: after the browser build (`dependencies`), then its placeholders filled in.
 * @param {{ dirname: string; outputPath: string; buildId: string; mode: 'production' | 'development' }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function serviceWorkerConfig({ dirname, outputPath, buildId, mode }) {
  /** @type {import('@rspack/core').RspackPluginInstance} */
  const finish = {
    apply(compiler) {
      compiler.hooks.afterEmit.tap('PublicServiceWorker', () => {
        const lists = precacheLists(outputPath);
        const swFile = join(outputPath, 'sw.js');
        const values = JSON.stringify({ ...lists, build: buildId });
        const code = readFileSync(swFile, 'utf8');
        if (!code.includes('__PPL_SW__')) throw new Error('service worker: __PPL_SW__ placeholder not found');
        writeFileSync(
          swFile,
          code.replaceAll('__PPL_SW__', () => `(${values})`),
        );
        if (serviceWorkerOff()) copyFileSync(join(outputPath, 'sw-off.js'), swFile);
        mkdirSync(join(outputPath, 'icons'), { recursive: true });
        writeFileSync(join(outputPath, 'icons/icon-192.png'), iconPng(192));
        writeFileSync(join(outputPath, 'icons/icon-512.png'), iconPng(512));
        writeFileSync(join(outputPath, 'manifest.webmanifest'), `${JSON.stringify(webManifest(), null, 2)}\n`);
      });
    },
  };
  return {
    name: 'public_site-sw',
    dependencies: ['public_site'],
    mode,
    context: dirname,
    entry: { sw: './src/sw/sw.ts', 'sw-off': './src/sw/kill-switch.ts' },
    devtool: false,
    target: ['webworker', 'es2020'],
    resolve: { extensions: ['.ts', '.mjs', '.js'] },
    output: { path: outputPath, filename: '[name].js', clean: false, uniqueName: 'public_site_sw', publicPath: '/' },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]s$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { parser: { syntax: 'typescript' } },
            env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }), finish],
    optimization: { minimize: mode === 'production', splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  };
}
