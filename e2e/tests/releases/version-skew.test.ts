import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { ROOT } from '../../support/product';
import { waitForLivePage } from '../../support/public';
import {
  buildRelease,
  checkoutRelease,
  cleanup,
  manifestUrl,
  scratchDir,
  serveRemote,
  serveShell,
  startBff,
  type Server,
} from '../../support/releases';

interface Releases {
  [unit: string]: { current: string; previous: { version: string; commit: string } };
}
const releases = JSON.parse(readFileSync(join(ROOT, 'releases.json'), 'utf8')) as Releases;

/**
 * Test 2: version skew. The current shell works with the previous release of each remote (built from the
 * commit releases.json records), because the exposed-module contract ('./App', a component without required props)
 * and the shared singletons stay compatible across releases. Since 0.3.0 a remote's './App' brings its
 * own router: the current shell wraps an earlier remote in the router it expects, and the previous shell runs the
 * current remotes (their own router works inside the old shell's).
 */
describe('version skew: the current shell with the previous release of each remote, and back', () => {
  let browser: Browser;
  let bff: Server;
  const servers: Server[] = [];
  const dirs: string[] = [];
  const previous: Record<string, string> = {};

  beforeAll(async () => {
    for (const unit of ['public-site', 'admin-console', 'shell'] as const) {
      const release = releases[unit]!.previous;
      const checkout = checkoutRelease(release.commit, [unit, 'shared-ui']);
      dirs.push(checkout);
      // Both the old and the new build preset write to <unit>/dist of the checkout.
      previous[unit] = join(checkout, unit, 'dist');
      buildRelease(unit, `previous-${release.version}`, previous[unit], checkout);
    }
    const data = scratchDir('data');
    dirs.push(data);
    [bff, browser] = await Promise.all([startBff(data), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await bff?.stop();
    cleanup(...dirs);
  });

  async function deploy(publicDir: string, adminDir: string, shellDir = join(ROOT, 'shell/dist')) {
    const publicSite = await serveRemote(publicDir, bff.url);
    const adminConsole = await serveRemote(adminDir, bff.url);
    const shell = await serveShell(shellDir, bff.url, {
      publicSite: manifestUrl(publicSite),
      adminConsole: manifestUrl(adminConsole),
    });
    servers.push(publicSite, adminConsole, shell);
    return shell;
  }

  it('previous public-site + current admin-console', async () => {
    const shell = await deploy(previous['public-site']!, join(ROOT, 'admin-console/dist'));
    const { page, errors } = await newPage(browser);
    await page.goto(`${shell.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect((await page.getByTestId('public-release').textContent())?.trim()).toBe(
      `Release previous-${releases['public-site']!.previous.version}`,
    );
    await page.goto(`${shell.url}/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('current public-site + previous admin-console', async () => {
    const shell = await deploy(join(ROOT, 'public-site/dist'), previous['admin-console']!);
    const { page, errors } = await newPage(browser);
    await page.goto(`${shell.url}/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByLabel('Email').waitFor();
    await page.goto(`${shell.url}/`);
    await page.getByTestId('public-layout').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('previous shell + current public-site and admin-console', async () => {
    const shell = await deploy(join(ROOT, 'public-site/dist'), join(ROOT, 'admin-console/dist'), previous['shell']);
    const { page, errors } = await newPage(browser);
    await page.goto(`${shell.url}/`);
    await waitForLivePage(page);
    expect(await page.getByTestId('public-layout').getAttribute('data-host')).toBe('shell');
    // The public site's own router moves between its pages inside the old shell.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQs' }).click();
    await page.getByRole('heading', { level: 1, name: /Frequently Asked Questions/i }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/faqs');
    await page.goto(`${shell.url}/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
