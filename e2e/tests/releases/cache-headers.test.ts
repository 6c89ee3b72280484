import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startProduct, type RunningProduct } from '../../support/product';
import {
  cleanup,
  manifestUrl,
  scratchDir,
  serveRemote,
  serveShell,
  startBff,
  type Server,
} from '../../support/releases';

const hashedChunk = (dir: string) => {
  const name = readdirSync(dir).find((f) => /\.[0-9a-f]{8}\.js$/.test(f));
  if (!name) throw new Error(`no hashed chunk in ${dir}`);
  return name;
};
const cacheControl = async (url: string) => {
  const response = await fetch(url);
  expect({ url, status: response.status }).toEqual({ url, status: 200 });
  return response.headers.get('cache-control');
};

/**
 * Test 5: fixed-name files (remoteEntry.js, mf-manifest.json, remotes.json, index.html) are served
 * no-cache so a release is seen on the next load; content-hashed chunks are cached for a year. Checked for split
 * mode (each unit on its own server) and for the one-origin start.
 */
describe('cache headers', () => {
  let bff: Server;
  const servers: Server[] = [];
  const data = scratchDir('data');

  beforeAll(async () => {
    bff = await startBff(data);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await bff?.stop();
    cleanup(data);
  });

  it('split mode: each remote and the shell', async () => {
    const publicSite = await serveRemote(join(ROOT, 'public-site/dist'), bff.url);
    const adminConsole = await serveRemote(join(ROOT, 'admin-console/dist'), bff.url);
    const shell = await serveShell(join(ROOT, 'shell/dist'), bff.url, {
      publicSite: manifestUrl(publicSite),
      adminConsole: manifestUrl(adminConsole),
    });
    servers.push(publicSite, adminConsole, shell);

    for (const [server, unit] of [
      [publicSite, 'public-site'],
      [adminConsole, 'admin-console'],
    ] as const) {
      expect(await cacheControl(`${server.url}/remoteEntry.js`)).toBe('no-cache');
      expect(await cacheControl(`${server.url}/mf-manifest.json`)).toBe('no-cache');
      expect(await cacheControl(`${server.url}/${hashedChunk(join(ROOT, unit, 'dist'))}`)).toBe(
        'public, max-age=31536000, immutable',
      );
      const cors = await fetch(`${server.url}/mf-manifest.json`, { headers: { Origin: shell.url } });
      expect(cors.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect(await cacheControl(`${shell.url}/remotes.json`)).toBe('no-cache');
    expect(await cacheControl(`${shell.url}/`)).toBe('no-cache');
    expect(await cacheControl(`${shell.url}/admin/users`)).toBe('no-cache');
    expect(await cacheControl(`${shell.url}/${hashedChunk(join(ROOT, 'shell/dist'))}`)).toBe(
      'public, max-age=31536000, immutable',
    );
    // A missing asset is a 404, not the app's index.html.
    expect((await fetch(`${shell.url}/missing.0123abcd.js`)).status).toBe(404);
  });

  it('one origin (npm start): the same rules under /remotes/*', async () => {
    const product: RunningProduct = await startProduct({ SEED_DEMO: 'false' });
    try {
      const remotes = (await (await fetch(`${product.baseUrl}/remotes.json`)).json()) as Record<string, string>;
      expect(remotes).toEqual({
        public_site: '/remotes/public-site/mf-manifest.json',
        admin_console: '/remotes/admin-console/mf-manifest.json',
      });
      expect(await cacheControl(`${product.baseUrl}/remotes.json`)).toBe('no-cache');
      for (const unit of ['public-site', 'admin-console']) {
        expect(await cacheControl(`${product.baseUrl}/remotes/${unit}/remoteEntry.js`)).toBe('no-cache');
        expect(await cacheControl(`${product.baseUrl}/remotes/${unit}/mf-manifest.json`)).toBe('no-cache');
        expect(await cacheControl(`${product.baseUrl}/remotes/${unit}/${hashedChunk(join(ROOT, unit, 'dist'))}`)).toBe(
          'public, max-age=31536000, immutable',
        );
      }
      expect(await cacheControl(`${product.baseUrl}/past-papers/cambridge-igcse`)).toBe('no-cache');
    } finally {
      await product.stop();
    }
  });
});
