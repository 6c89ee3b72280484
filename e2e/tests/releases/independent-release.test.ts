import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { freePort, ROOT } from '../../support/product';
import { waitForLivePage } from '../../support/public';
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

/**
 * Test 1: each half is released without rebuilding or restarting the shell. Both remotes are built at two
 * versions; swapping one remote's server to v2 changes what the untouched shell shows, and the other half is
 * unaffected.
 */
describe('independent releases', () => {
  let browser: Browser;
  let bff: Server;
  const dirs: Record<string, string> = {};
  const servers: Server[] = [];

  const releaseText = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

  beforeAll(async () => {
    dirs.data = scratchDir('data');
    for (const [unit, key] of [
      ['public-site', 'public'],
      ['admin-console', 'admin'],
    ] as const) {
      for (const version of ['v1', 'v2']) {
        dirs[`${key}-${version}`] = scratchDir(`${key}-${version}`);
        buildRelease(unit, `${key}-${version}`, dirs[`${key}-${version}`]!);
      }
    }
    [bff, browser] = await Promise.all([startBff(dirs.data), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await bff?.stop();
    cleanup(...Object.values(dirs));
  });

  async function deploy(publicDir: string, adminDir: string) {
    const [publicPort, adminPort] = [await freePort(), await freePort()];
    const publicSite = await serveRemote(publicDir, bff.url, publicPort);
    const adminConsole = await serveRemote(adminDir, bff.url, adminPort);
    const shell = await serveShell(`${ROOT}/shell/dist`, bff.url, {
      publicSite: manifestUrl(publicPort),
      adminConsole: manifestUrl(adminPort),
    });
    servers.push(publicSite, adminConsole, shell);
    return { publicSite, adminConsole, shell };
  }

  /** Replaces a remote's server with one serving another release folder on the same port (a deploy). */
  async function redeploy(server: Server, dir: string): Promise<Server> {
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
    const next = await serveRemote(dir, bff.url, server.port);
    servers.push(next);
    return next;
  }

  it('a new public-site release shows in the untouched shell; the admin half is unaffected', async () => {
    const { publicSite, shell } = await deploy(dirs['public-v1']!, dirs['admin-v1']!);
    const { page, errors } = await newPage(browser);

    await page.goto(`${shell.url}/`);
    await waitForLivePage(page);
    expect(await releaseText(page, 'public-release')).toBe('Release public-v1');
    await page.goto(`${shell.url}/login`);
    await page.getByTestId('admin-release').waitFor();
    expect(await releaseText(page, 'admin-release')).toBe('Release admin-v1');

    await redeploy(publicSite, dirs['public-v2']!);

    // The next load runs v2's code: hydrating the server's page if the shell's server already renders with v2 (it
    // checks every second), else rendered by the browser (the server's v1 HTML is never hydrated by v2 code).
    await page.goto(`${shell.url}/`);
    await waitForLivePage(page);
    expect(await releaseText(page, 'public-release')).toBe('Release public-v2');
    expect(errors).toEqual([]);
    await page.goto(`${shell.url}/login`);
    await page.getByTestId('admin-release').waitFor();
    expect(await releaseText(page, 'admin-release')).toBe('Release admin-v1');
    await page.context().close();
  });

  it('a new admin-console release shows in the untouched shell; the public half is unaffected', async () => {
    const { adminConsole, shell } = await deploy(dirs['public-v1']!, dirs['admin-v1']!);
    const { page } = await newPage(browser);

    await page.goto(`${shell.url}/login`);
    await page.getByTestId('admin-release').waitFor();
    expect(await releaseText(page, 'admin-release')).toBe('Release admin-v1');

    await redeploy(adminConsole, dirs['admin-v2']!);

    await page.reload();
    await page.getByTestId('admin-release').waitFor();
    expect(await releaseText(page, 'admin-release')).toBe('Release admin-v2');
    await page.goto(`${shell.url}/`);
    await waitForLivePage(page);
    expect(await releaseText(page, 'public-release')).toBe('Release public-v1');
    await page.context().close();
  });
});
