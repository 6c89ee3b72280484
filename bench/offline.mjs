// @ts-check
/* global document, HTMLImageElement -- code run in the page by page.evaluate */
// Offline packs on the Lighthouse mobile profile (150 ms RTT, 1.6 Mbps down, CPU 4x), 390x844.
//   npm run build && node bench/offline.mjs            (writes bench/results/offline.md)
// 1. A visited subject page, visited again online: the bytes the second visit transfers against the first's (goal
//    ≤ 10 %), counted on the wire by a TCP proxy between Chromium and the product (the worker's own fetches included).
// 2. A saved session (its question papers, mark schemes, reports): with the network off, the time from navigation to
//    page 1 drawn in the viewer for each of its papers (goal ≤ 1 s).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, waitFor } from './lib/bench-bff.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MOBILE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const SUBJECT = process.env.BENCH_SUBJECT ?? '0580';

/** A TCP proxy counting the bytes the product sends to the browser. @param {number} target */
async function countingProxy(target) {
  const counter = { bytes: 0, at: Date.now() };
  const server = createServer((client) => {
    const upstream = createConnection(target, '127.0.0.1');
    upstream.on('data', (chunk) => {
      counter.bytes += chunk.length;
      counter.at = Date.now();
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', () => r(undefined)));
  return { port, counter, close: () => server.close() };
}

/** Resolves once no byte has arrived for `quietMs` (the page and its worker are done). @param {{ at: number }} counter */
async function quiet(counter, quietMs = 1500) {
  while (Date.now() - counter.at < quietMs) await new Promise((r) => setTimeout(r, 100));
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ppl-bench-offline-'));
  const product = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--no-build'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-dev-shm-usage'],
  });
  const proxy = await countingProxy(port);
  // localhost is a secure context (service workers); the proxy is what the browser talks to.
  const base = `http://localhost:${proxy.port}`;
  try {
    await waitFor(`http://127.0.0.1:${port}/backend/api/health`);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...MOBILE });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    // 1. First and second visit of a subject page.
    const subjectUrl = `${base}/subjects/${SUBJECT}`;
    const start1 = proxy.counter.bytes;
    await page.goto(subjectUrl);
    await page.locator('html[data-page-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 60_000 });
    await quiet(proxy.counter);
    const first = proxy.counter.bytes - start1;
    const start2 = proxy.counter.bytes;
    await page.goto(subjectUrl);
    await page.locator('html[data-page-ready="true"]').waitFor({ state: 'attached', timeout: 60_000 });
    await quiet(proxy.counter);
    const second = proxy.counter.bytes - start2;

    // 2. Save the first session, then read each of its papers with no connection.
    const sessions =
      /** @type {{ data: { coverage: { sessions: Array<{ session: string; year: number; past_paper_ids: number[] }> } } }} */ (
        await (await fetch(`http://127.0.0.1:${port}/backend/api/pages/subject?code=${SUBJECT}`)).json()
      ).data.coverage.sessions;
    const session = sessions[0];
    if (!session) throw new Error('no session to save');
    // Page 1's picture is drawn when the BFF indexes a file (in the background after the start): wait for each, as
    // a student saving minutes later would find them.
    for (const paperId of session.past_paper_ids) {
      const paper = /** @type {{ data: { variants: Array<{ id: number; document_path: string | null }> } }} */ (
        await (await fetch(`http://127.0.0.1:${port}/backend/api/past_papers.php?id=${paperId}`)).json()
      ).data;
      for (const variant of paper.variants.filter((v) => v.document_path?.endsWith('.pdf'))) {
        await waitFor(
          `http://127.0.0.1:${port}/backend/api/past_papers.php?download_variant_id=${variant.id}&variant_document_type=document&preview=1`,
        );
      }
    }
    const save = page.getByTestId('subject-coverage').getByTestId('save-offline').first();
    const planned = Number(await save.getAttribute('data-bytes'));
    await save.getByRole('button').click();
    await page
      .getByTestId('subject-coverage')
      .locator('[data-testid="save-offline"][data-state="saved"]')
      .first()
      .waitFor({ timeout: 120_000 });
    await quiet(proxy.counter);
    await context.setOffline(true);
    /** @type {Array<{ paper: number; shown: number; ms: number }>} */
    const opened = [];
    for (const paperId of session.past_paper_ids) {
      const started = Date.now();
      await page.goto(`${base}/papers/${paperId}/view`, { waitUntil: 'commit' });
      // Page 1 shown: its saved picture (the viewer shows it until pdf.js has drawn the page), or the drawn page.
      const shownAt = page
        .waitForFunction(
          () =>
            [...document.querySelectorAll('img[data-page-preview]')].some(
              (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
            ) || !!document.querySelector('[data-testid="pane-question-paper"] .page[data-page-number="1"] canvas'),
          undefined,
          { timeout: 60_000, polling: 20 },
        )
        .then(() => Date.now() - started);
      await page
        .getByTestId('pane-question-paper')
        .locator('.page[data-page-number="1"] canvas')
        .first()
        .waitFor({ timeout: 60_000 });
      opened.push({ paper: paperId, shown: await shownAt, ms: Date.now() - started });
    }
    await context.setOffline(false);

    const ratio = second / first;
    const worst = Math.max(...opened.map((o) => o.shown));
    const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `bench offline-second-visit: ${kb(second)} of ${kb(first)} (${(ratio * 100).toFixed(1)} %, goal ≤ 10 %)`,
    );
    console.log(
      `bench offline-page-1: shown ${opened.map((o) => `${o.shown} ms`).join(', ')} (worst ${worst} ms, goal ≤ 1000 ms), drawn by pdf.js ${opened.map((o) => `${o.ms} ms`).join(', ')}; session of ${opened.length} papers, ${kb(planned)}`,
    );
    const lines = [
      '# Offline packs (bench/offline.mjs)',
      '',
      `Measured ${new Date().toISOString()} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}; Chromium at 390×844,`,
      'Lighthouse mobile profile (150 ms RTT, 1.6 Mbps down, CPU 4×). Bytes counted on the wire by a TCP proxy.',
      '',
      '| Figure | Value | Goal |',
      '| --- | --- | --- |',
      `| Second visit of /subjects/${SUBJECT}, online | ${kb(second)} of the first visit's ${kb(first)} (${(ratio * 100).toFixed(1)} %) | ≤ 10 % |`,
      `| Page 1 shown offline (saved picture or drawn page), saved session (${opened.length} papers, ${kb(planned)} planned) | ${opened.map((o) => `${o.shown} ms`).join(', ')} | ≤ 1000 ms each |`,
      `| Page 1 drawn by pdf.js offline, same papers | ${opened.map((o) => `${o.ms} ms`).join(', ')} | — |`,
      '',
    ];
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/offline.md'), lines.join('\n'));
  } finally {
    await browser.close();
    proxy.close();
    product.kill('SIGTERM');
    await new Promise((r) => product.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
