import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { ROOT } from '../../support/product';
import { waitForLivePage } from '../../support/public';
import {
  cleanup,
  manifestUrl,
  scratchDir,
  serveRemote,
  serveShell,
  startBff,
  type Server,
} from '../../support/releases';

interface ShareInfo {
  [pkg: string]: { [version: string]: { from: string; loaded?: boolean; loading?: unknown } };
}

/**
 * Test 4: one React. A value the shell sets in its React context (HostContext from @ppl/shared-ui/host) is
 * read inside each remote, which is only possible when react, react-dom and the context module are single shared
 * copies; the federation share scope shows exactly one loaded copy of each singleton. Each remote
 * brings its own router, so a public page loads no shared react-router at all.
 */
describe('one React across the shell and both remotes', () => {
  let browser: Browser;
  let bff: Server;
  const servers: Server[] = [];
  let shell: Server;
  let publicSite: Server;
  let adminConsole: Server;
  const data = scratchDir('data');

  beforeAll(async () => {
    [bff, browser] = await Promise.all([startBff(data), launchBrowser()]);
    publicSite = await serveRemote(`${ROOT}/public-site/dist`, bff.url);
    adminConsole = await serveRemote(`${ROOT}/admin-console/dist`, bff.url);
    shell = await serveShell(`${ROOT}/shell/dist`, bff.url, {
      publicSite: manifestUrl(publicSite),
      adminConsole: manifestUrl(adminConsole),
    });
    servers.push(publicSite, adminConsole, shell);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await bff?.stop();
    cleanup(data);
  });

  const loadedCopies = (share: ShareInfo, pkg: string) =>
    Object.values(share[pkg] ?? {}).filter((entry) => entry.loaded || entry.loading);

  it('the public remote reads the shell context', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${shell.url}/`);
    const layout = page.getByTestId('public-layout');
    // The page arrives server-rendered; the remote's code reads the shell's context once it has hydrated it (a
    // different value would be a hydration mismatch, reported in `errors`).
    await waitForLivePage(page);
    expect(await layout.getAttribute('data-host')).toBe('shell');
    const share = (await page.evaluate(() => {
      const federation = (
        globalThis as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, ShareInfo>> } }
      ).__FEDERATION__;
      const scopes = Object.values(federation?.__SHARE__ ?? {});
      return JSON.parse(
        JSON.stringify(scopes[0]?.default ?? {}, (key, value) => (key === 'lib' || key === 'get' ? undefined : value)),
      );
    })) as ShareInfo;
    for (const pkg of ['react', 'react-dom', '@ppl/shared-ui/host']) {
      expect({ pkg, copies: loadedCopies(share, pkg).length }).toEqual({ pkg, copies: 1 });
    }
    // The router is the remote's own: the shell's shared react-router is not loaded on a public page.
    expect(loadedCopies(share, 'react-router')).toHaveLength(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the admin remote reads the shell context', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${shell.url}/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.locator('[data-host]').first().getAttribute('data-host')).toBe('shell');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('each remote on its own reads the standalone default', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${publicSite.url}/`);
    await page.getByTestId('public-layout').waitFor();
    expect(await page.getByTestId('public-layout').getAttribute('data-host')).toBe('standalone');
    await page.goto(`${adminConsole.url}/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.locator('[data-host]').first().getAttribute('data-host')).toBe('standalone');
    await page.context().close();
  });
});
