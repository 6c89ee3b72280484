import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { freePort, ROOT } from '../../support/product';
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

/** The release a page was rendered with, as its footer says, and whether the server rendered it. */
async function renderedRelease(url: string): Promise<{ status: number; ssr: boolean; release: string | null }> {
  const response = await fetch(url);
  const html = await response.text();
  return {
    status: response.status,
    ssr: html.includes('<div id="root" data-ssr="public_site"'),
    release: /data-testid="public-release">Release (?:<!-- -->)?([^<]+)</.exec(html)?.[1] ?? null,
  };
}

/** Polls until the shell's server has noticed the remote's new release (it checks the manifest every second). */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

/**
 * The shell's server renders public pages with the public site's *release*, found through the remotes
 * config like the browser finds it. A new public-site release changes the HTML an untouched, un-restarted shell
 * serves; a release without a server bundle, or with one that fails, is rendered by the browser (never a 500).
 */
describe('server rendering follows the public-site release', () => {
  let bff: Server;
  let shell: Server;
  let browser: Browser;
  let remote: Server | null = null;
  let publicPort = 0;
  const dirs: Record<string, string> = {};

  beforeAll(async () => {
    dirs.data = scratchDir('data');
    for (const version of ['ssr-v1', 'ssr-v2']) {
      dirs[version] = scratchDir(version);
      buildRelease('public-site', version, dirs[version]);
    }
    // v2 without its server bundle, and v2 with one that throws.
    dirs.missing = scratchDir('ssr-missing');
    cpSync(dirs['ssr-v2']!, dirs.missing, { recursive: true });
    rmSync(join(dirs.missing, 'server'), { recursive: true, force: true });
    dirs.failing = scratchDir('ssr-failing');
    cpSync(dirs['ssr-v2']!, dirs.failing, { recursive: true });
    writeFileSync(
      join(dirs.failing, 'server/render.js'),
      'exports.SERVER_CONTRACT = 1; exports.render = async () => { throw new Error("broken release"); };',
    );

    [bff, browser] = await Promise.all([startBff(dirs.data), launchBrowser()]);
    publicPort = await freePort();
    const adminPort = await freePort();
    shell = await serveShell(join(ROOT, 'shell/dist'), bff.url, {
      publicSite: manifestUrl(publicPort),
      adminConsole: manifestUrl(adminPort),
    });
  });

  afterAll(async () => {
    await browser?.close();
    await remote?.stop();
    await shell?.stop();
    await bff?.stop();
    cleanup(...Object.values(dirs));
  });

  /** Replaces the public site's server (same port, as a deploy would) with another release folder. */
  async function deploy(dir: string) {
    await remote?.stop();
    remote = await serveRemote(dir, bff.url, publicPort);
  }

  it('renders with v1, then with v2 once it is deployed, without touching the shell', async () => {
    await deploy(dirs['ssr-v1']!);
    expect(await renderedRelease(`${shell.url}/faqs`)).toEqual({ status: 200, ssr: true, release: 'ssr-v1' });

    await deploy(dirs['ssr-v2']!);
    const after = await eventually(
      () => renderedRelease(`${shell.url}/faqs`),
      (page) => page.release === 'ssr-v2',
    );
    expect(after).toEqual({ status: 200, ssr: true, release: 'ssr-v2' });
    expect((await renderedRelease(`${shell.url}/no-such-page`)).status).toBe(404);
  });

  it.each([
    ['without a server bundle', 'missing'],
    ['whose server bundle fails', 'failing'],
  ])('a release %s is rendered by the browser: 200, never a 500', async (_label, key) => {
    await deploy(dirs[key]!);
    const page = await eventually(
      () => renderedRelease(`${shell.url}/faqs`),
      (answer) => !answer.ssr,
    );
    expect(page).toEqual({ status: 200, ssr: false, release: null });

    // The browser renders it (the release's client code is fine): the page works.
    const { page: tab, errors } = await newPage(browser);
    await tab.goto(`${shell.url}/faqs`);
    await tab.getByTestId('public-release').waitFor();
    expect(await tab.getByTestId('public-release').textContent()).toBe('Release ssr-v2');
    expect(errors).toEqual([]);
    await tab.context().close();
  });
});
