// @ts-check
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { compare } from './load.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const RUNS = 5;
const MOBILE_RUNS = 3;
/** Lighthouse's mobile profile: 150 ms RTT, 1.6 Mbps down, 750 Kbps up, a CPU 4x slower. */
const MOBILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const MOBILE_PAGES = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/past-papers/cambridge-igcse' },
  { name: 'subject', path: null },
  { name: 'FAQs', path: '/faqs' },
];

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Serves the built front ends on one origin (as `npm start` does) and measures in headless Chromium: the gzip size of
 * the JavaScript the first public page (/) and the first admin page (/login) load, and the home page's Largest
 * Contentful Paint against a static HTML page served by the same server; then, on Lighthouse's mobile profile, each
 * public page's LCP against its own rendered DOM saved as static HTML (served by a plain node:http server), and the
 * server-rendered page's throughput against the shell's static index.html.
 * @param {string} root @param {string} bffUrl @param {string} internalToken
 * @param {{ connections: number; seconds: number; rounds: number }} load
 */
export async function measureFrontEnd(root, bffUrl, internalToken, load) {
  const { createGateway } = await import(join(root, 'scripts/gateway.mjs'));
  const { createServerRenderer } = await import(join(root, 'scripts/ssr.mjs'));
  const remotes = {
    public_site: '/remotes/public-site/mf-manifest.json',
    admin_console: '/remotes/admin-console/mf-manifest.json',
  };
  const ssr = createServerRenderer({
    shellIndex: join(root, 'shell/dist/index.html'),
    manifestUrl: remotes.public_site,
    remotes,
    apiOrigin: bffUrl,
    internalToken,
  });
  const staticDir = mkdtempSync(join(tmpdir(), 'ppl-bench-static-'));
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title></head><body><h1 style="font:800 48px system-ui">Past Paper Library</h1><p>Past papers, mark schemes and examiner reports.</p></body></html>',
  );
  const gateway = createGateway({
    apiTarget: bffUrl,
    remotes,
    ssr,
    mounts: [
      { path: '/remotes/public-site', dir: join(root, 'public-site/dist') },
      { path: '/remotes/admin-console', dir: join(root, 'admin-console/dist') },
      { path: '/__static', dir: staticDir, spa: true },
      { path: '/', dir: join(root, 'shell/dist'), spa: true },
    ],
  });
  /** @type {import('node:http').Server} */
  const server = await new Promise((resolve) => {
    const s = gateway.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The same front ends without server rendering: the static index.html every page answered with before.
  const plain = createGateway({
    apiTarget: bffUrl,
    remotes,
    mounts: [
      { path: '/remotes/public-site', dir: join(root, 'public-site/dist') },
      { path: '/', dir: join(root, 'shell/dist'), spa: true },
    ],
  });
  /** @type {import('node:http').Server} */
  const plainServer = await new Promise((resolve) => {
    const s = plain.listen(0, '127.0.0.1', () => resolve(s));
  });
  const plainAddress = plainServer.address();
  const plainOrigin = `http://127.0.0.1:${typeof plainAddress === 'object' && plainAddress ? plainAddress.port : 0}`;
  // The baseline pages: each public page's rendered DOM, saved as one static HTML file, from a plain node:http server.
  /** @type {Map<string, string>} */
  const savedPages = new Map();
  const staticServer = createServer((req, res) => {
    const body = savedPages.get(req.url ?? '/');
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip' });
    res.end(body ? gzipSync(body) : gzipSync('Not found'));
  });
  await new Promise((resolve) => staticServer.listen(0, '127.0.0.1', () => resolve(undefined)));
  const staticAddress = staticServer.address();
  const staticOrigin = `http://127.0.0.1:${typeof staticAddress === 'object' && staticAddress ? staticAddress.port : 0}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  /** @type {string[]} */
  const notes = [];
  try {
    /** @param {string} path @param {string} readySelector */
    const jsKb = async (path, readySelector) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      /** @type {Array<Promise<{ url: string; gzip: number }>>} */
      const scripts = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script' || !response.ok()) return;
        scripts.push(
          response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length })),
        );
      });
      await page.goto(`${origin}${path}`);
      await page.locator(readySelector).first().waitFor();
      await page.waitForLoadState('networkidle');
      const files = await Promise.all(scripts);
      await context.close();
      const total = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
      const biggest = [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 4);
      notes.push(
        `${path}: ${files.length} scripts, ${total.toFixed(1)} KB gzip; largest ${biggest.map((f) => `${f.url.replace(origin, '')} ${(f.gzip / 1024).toFixed(1)} KB`).join(', ')}`,
      );
      return total;
    };
    /** @param {string} path @param {string} readySelector */
    const lcpMs = async (path, readySelector) => {
      /** @type {number[]} */
      const samples = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${origin}${path}`);
        await page.locator(readySelector).first().waitFor();
        await page.waitForLoadState('networkidle');
        samples.push(
          await page.evaluate(
            () =>
              new Promise((resolve) => {
                new PerformanceObserver((list) => {
                  const entries = list.getEntries();
                  resolve(entries[entries.length - 1]?.startTime ?? NaN);
                }).observe({ type: 'largest-contentful-paint', buffered: true });
              }),
          ),
        );
        await context.close();
      }
      return median(samples);
    };
    const publicJsKb = await jsKb('/', '[data-testid="public-layout"]');
    const adminJsKb = await jsKb('/login', 'h1');
    const homeLcpMs = await lcpMs('/', 'h1');
    const staticLcpMs = await lcpMs('/__static/', 'h1');

    /**
     * One cold load on the mobile profile: LCP, bytes and requests.
     * @param {string} url
     */
    const mobileLoad = async (url) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...MOBILE });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      let bytes = 0;
      let requests = 0;
      cdp.on('Network.loadingFinished', (event) => {
        bytes += event.encodedDataLength;
        requests++;
      });
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      const lcp = await page.evaluate(
        () =>
          new Promise((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]?.startTime ?? NaN);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      await context.close();
      return { lcp: Number(lcp), bytes, requests };
    };
    /** The page's DOM once rendered, without its scripts: what "the same page as static HTML" means. @param {string} path */
    const saveRenderedDom = async (path) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      await page.goto(`${origin}${path}`);
      await page.locator('html[data-page-ready="true"]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      // (Runs in the page: a string, since this file is linted as Node.js code.)
      const html = /** @type {string} */ (
        await page.evaluate(`(() => {
          for (const el of document.querySelectorAll('script, link[rel="stylesheet"], link[rel="preload"]')) el.remove();
          return '<!doctype html>' + document.documentElement.outerHTML;
        })()`)
      );
      await context.close();
      return html;
    };
    const subjectsResponse = await fetch(`${origin}/backend/api/subjects.php`);
    const subjects = /** @type {{ data: Array<{ code: string }> }} */ (await subjectsResponse.json()).data;
    /** @type {Array<{ name: string; lcpMs: number; staticLcpMs: number }>} */
    const mobile = [];
    for (const entry of MOBILE_PAGES) {
      const path = entry.path ?? `/subjects/${encodeURIComponent(subjects[0]?.code ?? '0580')}`;
      savedPages.set(path, await saveRenderedDom(path));
      /** @type {Array<{ lcp: number; bytes: number; requests: number }>} */
      const product = [];
      /** @type {Array<{ lcp: number; bytes: number; requests: number }>} */
      const baseline = [];
      for (let i = 0; i < MOBILE_RUNS; i++) {
        baseline.push(await mobileLoad(`${staticOrigin}${path}`));
        product.push(await mobileLoad(`${origin}${path}`));
      }
      const lcpMs = median(product.map((r) => r.lcp));
      const staticMs = median(baseline.map((r) => r.lcp));
      const typical = product[Math.floor(MOBILE_RUNS / 2)];
      mobile.push({ name: `${entry.name} (${path})`, lcpMs, staticLcpMs: staticMs });
      notes.push(
        `mobile ${path}: LCP ${lcpMs.toFixed(0)} ms vs static ${staticMs.toFixed(0)} ms; ${typical?.requests} requests, ${((typical?.bytes ?? 0) / 1024).toFixed(0)} KB transferred (static: ${baseline[0]?.requests} requests, ${((baseline[0]?.bytes ?? 0) / 1024).toFixed(0)} KB)`,
      );
    }

    // Throughput: a server-rendered page (from the rendered-page cache) against the static index.html.
    const ssrPath = `/subjects/${encodeURIComponent(subjects[0]?.code ?? '0580')}`;
    await fetch(`${origin}${ssrPath}`);
    const ssrLoad = await compare(`${plainOrigin}${ssrPath}`, `${origin}${ssrPath}`, {
      ...load,
      headers: { 'Accept-Encoding': 'gzip' },
    });
    notes.push(
      `server-rendered ${ssrPath}: ${ssrLoad.project.rps.toFixed(0)} req/s, p99 ${ssrLoad.project.p99} ms, ${ssrLoad.project.errors} errors; static index.html ${ssrLoad.base.rps.toFixed(0)} req/s, p99 ${ssrLoad.base.p99} ms (cache: ${JSON.stringify(ssr.stats())})`,
    );
    return { publicJsKb, adminJsKb, homeLcpMs, staticLcpMs, mobile, ssr: ssrLoad, notes };
  } finally {
    await browser.close();
    ssr.close();
    server.close();
    plainServer.close();
    staticServer.close();
    rmSync(staticDir, { recursive: true, force: true });
  }
}
