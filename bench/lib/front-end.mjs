// @ts-check
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

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

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Serves the built front ends on one origin (as `npm start` does) and measures in headless Chromium: the gzip size of
 * the JavaScript the first public page (/) and the first admin page (/login) load, and the home page's Largest
 * Contentful Paint against a static HTML page served by the same server.
 * @param {string} root @param {string} bffUrl
 */
export async function measureFrontEnd(root, bffUrl) {
  const { createGateway } = await import(join(root, 'scripts/gateway.mjs'));
  const staticDir = mkdtempSync(join(tmpdir(), 'ppl-bench-static-'));
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title></head><body><h1 style="font:800 48px system-ui">Past Paper Library</h1><p>Past papers, mark schemes and examiner reports.</p></body></html>',
  );
  const gateway = createGateway({
    apiTarget: bffUrl,
    remotes: {
      public_site: '/remotes/public-site/mf-manifest.json',
      admin_console: '/remotes/admin-console/mf-manifest.json',
    },
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
    return { publicJsKb, adminJsKb, homeLcpMs, staticLcpMs, notes };
  } finally {
    await browser.close();
    server.close();
    rmSync(staticDir, { recursive: true, force: true });
  }
}
