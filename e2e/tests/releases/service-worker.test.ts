import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { freePort, ROOT } from '../../support/product';
import { settled, waitForLivePage } from '../../support/public';
import {
  buildRelease,
  cleanup,
  manifestUrl,
  scratchDir,
  serveRemote,
  serveShell,
  startBff,
  type Server,
} from '../../support/releases';

/** What the worker controlling the page says of itself ({ release, build }), or null without one. */
function workerRelease(page: Page): Promise<{ release: string; build: string } | null> {
  return page.evaluate(async () => {
    const worker = navigator.serviceWorker.controller;
    if (!worker) return null;
    return new Promise<{ release: string; build: string } | null>((resolve) => {
      const channel = new MessageChannel();
      const timer = setTimeout(() => resolve(null), 5_000);
      channel.port1.onmessage = (event) => {
        clearTimeout(timer);
        resolve(event.data as { release: string; build: string });
      };
      worker.postMessage({ type: 'release' }, [channel.port2]);
    });
  });
}

/** Every page a `ppl-pages-*` cache holds, with the release that rendered it (`data-ssr-build`). */
function cachedPages(page: Page): Promise<Array<{ cache: string; url: string; build: string }>> {
  return page.evaluate(async () => {
    const found: Array<{ cache: string; url: string; build: string }> = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('ppl-pages-')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('Content-Type') ?? '';
        if (!response || !type.includes('text/html')) continue;
        const build = /data-ssr-build="([^"]*)"/.exec(await response.text())?.[1] ?? '';
        found.push({ cache: name, url: request.url, build });
      }
    }
    return found;
  });
}

const releaseText = async (page: Page) => (await page.getByTestId('public-release').textContent())?.trim();

/**
 * The service worker is released with the public site. A new public-site release installs a new worker
 * that takes over, and no worker ever stores or serves a page of a release other than its own (offline, the page is
 * the new release's, whole); a release built with PUBLIC_SW=off (the kill switch) removes the worker and every
 * cache it made.
 */
describe('the public site service worker across releases', () => {
  let browser: Browser;
  let bff: Server;
  const dirs: Record<string, string> = {};
  const servers: Server[] = [];

  beforeAll(async () => {
    dirs.data = scratchDir('data');
    for (const version of ['sw-v1', 'sw-v2']) {
      dirs[version] = scratchDir(version);
      buildRelease('public-site', version, dirs[version]);
    }
    dirs['sw-off'] = scratchDir('sw-off');
    process.env.PUBLIC_SW = 'off';
    try {
      buildRelease('public-site', 'sw-off', dirs['sw-off']);
    } finally {
      delete process.env.PUBLIC_SW;
    }
    [bff, browser] = await Promise.all([startBff(dirs.data), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await bff?.stop();
    cleanup(...Object.values(dirs));
  });

  async function redeploy(server: Server, dir: string): Promise<Server> {
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
    const next = await serveRemote(dir, bff.url, server.port);
    servers.push(next);
    return next;
  }

  it('a new release replaces the worker, never mixing releases; the kill switch removes it and its caches', async () => {
    const [publicPort, adminPort] = [await freePort(), await freePort()];
    let publicSite = await serveRemote(dirs['sw-v1']!, bff.url, publicPort);
    const adminConsole = await serveRemote(`${ROOT}/admin-console/dist`, bff.url, adminPort);
    const shell = await serveShell(`${ROOT}/shell/dist`, bff.url, {
      publicSite: manifestUrl(publicPort),
      adminConsole: manifestUrl(adminPort),
    });
    servers.push(publicSite, adminConsole, shell);
    const { page, context, errors } = await newPage(browser);

    // Release 1: the worker installs and controls the page.
    await page.goto(`${shell.url}/`);
    await waitForLivePage(page);
    expect(await releaseText(page)).toBe('Release sw-v1');
    const first = await settled(
      () => workerRelease(page),
      (r) => r !== null,
      20_000,
    );
    expect(first).not.toBeNull();
    await page.goto(`${shell.url}/faqs`);
    await waitForLivePage(page);
    const v1Build = (await cachedPages(page)).find((p) => p.url.endsWith('/faqs'))?.build;
    expect(v1Build).toBe(first!.build);

    // Release 2 is deployed: the next navigations bring its worker, which takes over.
    publicSite = await redeploy(publicSite, dirs['sw-v2']!);
    await page.goto(`${shell.url}/faqs`);
    await waitForLivePage(page);
    expect(await releaseText(page)).toBe('Release sw-v2');
    // Browsers look for a new worker on navigations. Asked here too, but never while a new worker installs or waits
    // (an update check then would start its install again): only when none is under way, as after an install that
    // failed on a slow machine (a precache fetch timed out), at most every 5 s.
    const askForUpdateUnlessInstalling = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        if (registration && !registration.installing && !registration.waiting) await registration.update();
      });
    let askedAt = 0;
    const second = await settled(
      async () => {
        const release = await workerRelease(page);
        if (release?.release === first!.release && Date.now() - askedAt > 5_000) {
          askedAt = Date.now();
          await askForUpdateUnlessInstalling().catch(() => undefined);
        }
        return release;
      },
      (r) => r !== null && r.release !== first!.release,
      60_000,
    );
    expect(second?.release).not.toBe(first!.release);
    expect(second?.build).not.toBe(first!.build);

    // No cache holds a page of another release than its own; release 1's pages are gone.
    await page.goto(`${shell.url}/faqs`);
    await waitForLivePage(page);
    const pages = await cachedPages(page);
    expect(pages.length).toBeGreaterThan(0);
    for (const cached of pages) {
      expect(cached.cache).toBe(`ppl-pages-${second!.release}`);
      if (cached.build) expect(cached.build).toBe(second!.build);
    }

    // Offline, the page is release 2's, whole (its code from release 2's worker: it hydrates and runs).
    await context.setOffline(true);
    await page.reload();
    await waitForLivePage(page);
    expect(await releaseText(page)).toBe('Release sw-v2');
    await context.setOffline(false);

    // The kill switch: a release built with PUBLIC_SW=off removes the worker and every cache it made.
    publicSite = await redeploy(publicSite, dirs['sw-off']!);
    await page.goto(`${shell.url}/faqs`);
    await waitForLivePage(page);
    const left = await settled(
      () =>
        page.evaluate(async () => ({
          registrations: (await navigator.serviceWorker.getRegistrations()).length,
          caches: (await caches.keys()).filter((name) => name.startsWith('ppl-')),
        })),
      (state) => state.registrations === 0 && state.caches.length === 0,
      30_000,
    );
    expect(left).toEqual({ registrations: 0, caches: [] });
    await page.goto(`${shell.url}/faqs`);
    await waitForLivePage(page);
    expect(await releaseText(page)).toBe('Release sw-off');
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
