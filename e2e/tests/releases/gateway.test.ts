import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../../support/browser';
import { ROOT } from '../../support/product';
import {
  cleanup,
  manifestUrl,
  scratchDir,
  serveRemote,
  serveShell,
  startBff,
  type Server,
} from '../../support/releases';

/** A raw GET (fetch would normalise the URL), answering status, headers and body. */
function rawGet(url: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest({ host: target.hostname, port: target.port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Medium 6, Low: the front ends' server (scripts/gateway.mjs, as in split mode and `npm start`): security
 * headers on every page, the console unframeable, malformed URLs a plain 400. Early answers while a body streams:
 * bff/test/reliability/gateway-early-answers.test.ts.
 */
describe('the gateway', () => {
  let bff: Server;
  let publicSite: Server;
  let adminConsole: Server;
  let shell: Server;
  let browser: Browser;
  const data = scratchDir('data');

  beforeAll(async () => {
    [bff, browser] = await Promise.all([startBff(data), launchBrowser()]);
    publicSite = await serveRemote(join(ROOT, 'public-site/dist'), bff.url);
    adminConsole = await serveRemote(join(ROOT, 'admin-console/dist'), bff.url);
    shell = await serveShell(join(ROOT, 'shell/dist'), bff.url, {
      publicSite: manifestUrl(publicSite),
      adminConsole: manifestUrl(adminConsole),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([shell, publicSite, adminConsole].map((s) => s?.stop()));
    await bff?.stop();
    cleanup(data);
  });

  it('sends the CSP (remotes allowed by origin, no inline script), frame denial and Permissions-Policy on pages', async () => {
    const page = await fetch(`${shell.url}/admin/dashboard`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(new RegExp(`script-src 'self' ${publicSite.url} ${adminConsole.url}(;|$)`));
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    expect(page.headers.get('strict-transport-security')).toBeNull(); // plain http
    const overTls = await fetch(`${shell.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('every page works under the CSP: no violation while the public site and the console load', async () => {
    const { page, context, errors } = await newPage(browser);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${shell.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${shell.url}/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('another site cannot frame the console', async () => {
    const { page, context } = await newPage(browser);
    await page.setContent(`<iframe id="f" src="${shell.url}/login" width="600" height="400"></iframe>`);
    await page.waitForTimeout(1500);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const framedText = frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    expect(framedText).not.toContain('Admin Login');
    await context.close();
  });

  it('answers a malformed URL with a plain 400: no stack, no path', async () => {
    const res = await rawGet(shell.url, '/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body).toBe('Bad request');
    const api = await rawGet(shell.url, '/backend/api/subjects.php?id=%E0%A4%A');
    expect(api.status).toBe(400);
    expect(api.body).not.toMatch(/at .+\.js|\/work\/|node_modules/);
  });
});
