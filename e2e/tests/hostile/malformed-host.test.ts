import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { ROOT } from '../../support/product';
import { asVisitor } from '../../support/traffic';

/** Visitor numbers of this file only (render budgets are per address). */
const VISITORS = 2700;

/** scripts/ssr.mjs is ESM: a node process answers requestOrigin for each Host. */
function requestOrigins(hosts: string[]): Array<string | null> {
  const script = `import(${JSON.stringify(join(ROOT, 'scripts/ssr.mjs'))}).then((m) => console.log(JSON.stringify(${JSON.stringify(hosts)}.map((h) => m.requestOrigin(h, 'http')))))`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Array<string | null>;
}

/** A GET with the Host header exactly as given (fetch would not send a malformed one). */
function get(path: string, host: string, visitor: number) {
  const base = new URL(process.env.PPL_E2E_BASE_URL!);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request(
        { host: base.hostname, port: base.port, path, headers: { Host: host, ...asVisitor(visitor) }, setHost: false },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

const MALFORMED = ['bad host', 'evil.example/x', 'user@evil.example', '[zz', 'localhost:99999', 'a..b', '%41.example'];

/**
 * A Host header goes into rendered pages (canonical URLs) and the page cache's keys when PUBLIC_ORIGIN is not set: a
 * malformed one is answered 400 and never rendered, cached or put in a link, so it cannot break the cache's
 * invalidation later (it once made every search-page drop throw `Invalid URL` and flush the whole cache).
 */
describe('a malformed Host header (npm start)', () => {
  it('is told apart from a valid one', () => {
    expect(requestOrigins(['localhost:3000', 'Papers.Example.org', '127.0.0.1', '[::1]:8080', ...MALFORMED])).toEqual([
      'http://localhost:3000',
      'http://papers.example.org',
      'http://127.0.0.1',
      'http://[::1]:8080',
      ...MALFORMED.map(() => null),
    ]);
  });

  it('answers 400 for pages, robots.txt and the sitemap, and leaves the cached pages in place', async () => {
    const base = new URL(process.env.PPL_E2E_BASE_URL!);
    let visitor = VISITORS;
    // A page rendered for a valid Host, then served from the cache.
    let good = await get('/faqs', base.host, visitor++);
    for (let i = 0; i < 25 && good.headers['x-render'] !== 'cache'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      good = await get('/faqs', base.host, visitor++);
    }
    expect(good.status).toBe(200);
    expect(good.headers['x-render']).toBe('cache');

    for (const host of MALFORMED) {
      for (const path of ['/faqs', '/', '/robots.txt', '/sitemap.xml']) {
        const answer = await get(path, host, visitor++);
        expect([host, path, answer.status]).toEqual([host, path, 400]);
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(answer.body).not.toContain(host);
      }
    }

    // Nothing was flushed: the valid Host's page still comes from the cache, with its own links.
    const after = await get('/faqs', base.host, visitor++);
    expect(after.status).toBe(200);
    expect(after.headers['x-render']).toBe('cache');
    expect(after.body).toBe(good.body);
    expect(after.body).toContain(`<link rel="canonical" href="http://${base.host}/faqs">`);
  });
});
