import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Client } from 'pg';
import { startNginx, type Nginx } from '../../support/nginx';
import { freePort, ROOT, stopProcess, waitForUrl } from '../../support/product';
import { cleanup, scratchDir } from '../../support/releases';

/**
 * The project's own nginx configurations (docker/nginx) run with the real nginx binary in front of the
 * real units, as docker/compose.yaml deploys them: the front door (edge.conf.template) balancing two BFF replicas
 * on one PostgreSQL, sending downloads itself after the BFF counted them (X-Accel-Redirect), public pages from the
 * renderer (the shell's server); the remotes' release folders each behind frontend.conf.template.
 */
const ADMIN = { email: 'topology@example.com', password: 'topology-password-9' };
const INTERNAL_TOKEN = 'topology-internal-token-0123456789abcdef';
const X_ACCEL_PREFIX = '/_protected_files/';
const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Versions = { boot?: string; content?: number; counters?: number; index?: number };

/** Every value of every header of an answer, as sent (fetch would join repeated headers into one). */
function rawHeaders(url: string, headers: Record<string, string> = {}): Promise<Map<string, string[]>> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const seen = new Map<string, string[]>();
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        const name = res.rawHeaders[i]!.toLowerCase();
        seen.set(name, [...(seen.get(name) ?? []), res.rawHeaders[i + 1]!]);
      }
      res.resume();
      res.on('end', () => resolve(seen));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The security headers nginx or the BFF may send: none of them may appear twice on one answer. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'strict-transport-security',
  'cross-origin-resource-policy',
];

interface Replica {
  port: number;
  url: string;
  child: ChildProcess;
}

describe('nginx in front of two BFF replicas, the renderer and the remotes', () => {
  const dirs: string[] = [];
  const uploads = scratchDir('uploads');
  const shellRoot = scratchDir('shell');
  let databaseUrl = '';
  let database = '';
  const replicas: Replica[] = [];
  let renderer: ChildProcess | undefined;
  let rendererPort = 0;
  let internalPort = 0;
  let edge: Nginx;
  const remotes: Nginx[] = [];

  const admin = async (): Promise<Client> => {
    const client = new Client({ connectionString: POSTGRES });
    await client.connect();
    return client;
  };

  const replicaEnv = (index: number, port: number): Record<string, string> => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dirs[index]!,
    UPLOAD_DIR: uploads,
    JWT_SECRET: 'topology-jwt-secret-topology-jwt-secret-0123',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: index === 0 ? 'true' : 'false',
    // Delivery, caching and fail-over are under test, not reading: the demo library's PDFs are not read meanwhile.
    DOCUMENT_TEXT_WORKER: 'false',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback',
    INTERNAL_TOKEN,
    FILE_DELIVERY: 'x-accel',
    X_ACCEL_PREFIX,
  });

  async function startReplica(index: number, port: number): Promise<Replica> {
    const child = spawn(process.execPath, [join(ROOT, 'bff/dist/main.js')], {
      cwd: ROOT,
      env: { ...process.env, ...replicaEnv(index, port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForUrl(`http://127.0.0.1:${port}/backend/api/health`, 120_000, child);
    return { port, url: `http://127.0.0.1:${port}`, child };
  }

  async function startRenderer(port: number, internalPort: number, publicPort: number, adminPort: number) {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'scripts/serve.mjs'),
        '--role',
        'shell',
        '--dir',
        shellRoot,
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          BFF_URL: `http://127.0.0.1:${internalPort}`,
          INTERNAL_TOKEN,
          PUBLIC_SITE_MANIFEST_URL: `http://127.0.0.1:${publicPort}/mf-manifest.json`,
          ADMIN_CONSOLE_MANIFEST_URL: `http://127.0.0.1:${adminPort}/mf-manifest.json`,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    await waitForUrl(`http://127.0.0.1:${port}/remotes.json`, 60_000, child);
    return child;
  }

  beforeAll(async () => {
    database = `ppl_topology_${Date.now()}_${process.pid}`;
    const client = await admin();
    await client.query(`CREATE DATABASE ${database}`);
    await client.end();
    const url = new URL(POSTGRES);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    dirs.push(scratchDir('bff-a'), scratchDir('bff-b'));
    cpSync(join(ROOT, 'shell/dist'), shellRoot, { recursive: true });

    const [portA, portB, internal, publicPort, adminPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    internalPort = internal;
    rendererPort = await freePort();
    // The first replica migrates and seeds; the second joins it (as compose starts them).
    replicas.push(await startReplica(0, portA));
    replicas.push(await startReplica(1, portB));
    for (const [unit, port] of [
      ['public-site', publicPort],
      ['admin-console', adminPort],
    ] as const) {
      remotes.push(
        await startNginx({
          template: 'frontend.conf.template',
          port,
          vars: {
            BFF_UPSTREAM: `http://127.0.0.1:${internalPort}`,
            CORS_ALLOW_ORIGIN: '*',
            NGINX_ROOT: join(ROOT, unit, 'dist'),
          },
          env: { WRITE_REMOTES_JSON: 'false' },
          scripts: ['30-security-headers.sh'],
        }),
      );
    }
    const manifests = {
      PUBLIC_SITE_MANIFEST_URL: `http://127.0.0.1:${publicPort}/mf-manifest.json`,
      ADMIN_CONSOLE_MANIFEST_URL: `http://127.0.0.1:${adminPort}/mf-manifest.json`,
    };
    edge = await startNginx({
      template: 'edge.conf.template',
      vars: {
        RENDERER_UPSTREAM: `127.0.0.1:${rendererPort}`,
        NGINX_INTERNAL_LISTEN: `127.0.0.1:${internalPort}`,
        NGINX_ROOT: shellRoot,
        X_ACCEL_PREFIX,
        UPLOADS_ROOT: uploads,
      },
      env: {
        BFF_UPSTREAMS: `127.0.0.1:${portA},127.0.0.1:${portB}`,
        FAIL_TIMEOUT: '2s',
        WRITE_REMOTES_JSON: 'true',
        NGINX_ROOT: shellRoot,
        ...manifests,
      },
      scripts: ['30-security-headers.sh', '35-bff-upstream.sh', '40-remotes-json.sh'],
      includes: ['renderer-proxy.inc'],
    });
    renderer = await startRenderer(rendererPort, internalPort, publicPort, adminPort);
  }, 300_000);

  afterAll(async () => {
    await edge?.stop();
    await Promise.all(remotes.map((r) => r.stop()));
    if (renderer) await stopProcess(renderer);
    await Promise.all(replicas.map((r) => stopProcess(r.child)));
    if (database) {
      const client = await admin();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
    }
    cleanup(uploads, shellRoot, ...dirs);
  });

  const api = (path: string, init?: RequestInit) => fetch(`${edge.url}/backend/api${path}`, init);
  const signIn = async (base = edge.url): Promise<string> => {
    const res = await fetch(`${base}/backend/api/auth_login.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  const firstVariant = async () => {
    const papers = (await (await api('/past_papers.php?code=0580')).json()) as {
      data: Array<{ variants: Array<{ id: number; document_path: string | null }> }>;
    };
    return papers.data.flatMap((p) => p.variants).find((v) => v.document_path)!;
  };
  const downloads = async (variantId: number): Promise<number> => {
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ n: number }>(
      `SELECT downloads AS n FROM documents WHERE variant_id = $1 AND kind = 'question-paper'`,
      [variantId],
    );
    await db.end();
    return rows[0]!.n;
  };

  it('serves pages, the API, the remotes and the admin half with their cache and security headers', async () => {
    const home = await fetch(`${edge.url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('data-ssr="public_site"');
    // One copy of each security header: nginx's (the renderer's give way).
    expect(home.headers.get('content-security-policy')).toMatch(/^default-src 'self' http:\/\/127\.0\.0\.1:\d+/);
    expect(home.headers.get('x-frame-options')).toBe('DENY');

    const admin = await fetch(`${edge.url}/admin/users`);
    expect(admin.status).toBe(200);
    expect(admin.headers.get('cache-control')).toBe('no-cache');
    expect(await admin.text()).not.toContain('data-ssr=');

    const remotesJson = await fetch(`${edge.url}/remotes.json`);
    expect(remotesJson.headers.get('cache-control')).toBe('no-cache');
    expect(((await remotesJson.json()) as Record<string, string>).public_site).toMatch(/mf-manifest\.json$/);

    const [publicSite] = remotes;
    const entry = await fetch(`${publicSite!.url}/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(entry.headers.get('access-control-allow-origin')).toBe('*');
    const manifest = (await (await fetch(`${publicSite!.url}/mf-manifest.json`)).json()) as {
      exposes: Array<{ assets: { js: { sync: string[] } } }>;
    };
    const chunk = await fetch(`${publicSite!.url}/${manifest.exposes[0]!.assets.js.sync[0]!}`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    expect((await api('/health')).status).toBe(200);
    expect((await fetch(`${edge.url}/missing-file.js`)).status).toBe(404);
    expect(await (await fetch(`${edge.url}/robots.txt`)).text()).toContain('Disallow: /admin');
  });

  it('sends downloads itself once the BFF has counted them (X-Accel-Redirect), Range by nginx, never counted twice', async () => {
    const variant = await firstVariant();
    const link = `/past_papers.php?download_variant_id=${variant.id}&variant_document_type=document`;
    const before = await downloads(variant.id);
    const file = readFileSync(join(uploads, variant.document_path!));

    const full = await api(link);
    expect(full.status).toBe(200);
    expect(Buffer.from(await full.arrayBuffer()).equals(file)).toBe(true);
    expect(full.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    expect(full.headers.get('content-security-policy')).toContain('sandbox');
    // nginx's own ETag ("<mtime>-<size>" in hex): the bytes came from nginx, not through the BFF.
    expect(full.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(full.headers.get('x-accel-redirect')).toBeNull();
    expect(await downloads(variant.id)).toBe(before + 1);

    const part = await api(link, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${file.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(100, 200))).toBe(true);
    expect(await downloads(variant.id)).toBe(before + 1);

    // Asked directly, a replica answers with the redirect and no body.
    const direct = await fetch(`${replicas[0]!.url}/backend/api${link}`);
    expect(direct.headers.get('x-accel-redirect')).toBe(`${X_ACCEL_PREFIX}${variant.document_path}`);
    expect((await direct.arrayBuffer()).byteLength).toBe(0);
  });

  it("sends each security header once: the BFF's on API answers and X-Accel files, the front door's on pages", async () => {
    const once = (headers: Map<string, string[]>) => {
      for (const name of SECURITY_HEADERS) expect([name, (headers.get(name) ?? []).length <= 1]).toEqual([name, true]);
    };
    // Over TLS (the terminator in front says so): HSTS too, once.
    const json = await rawHeaders(`${edge.url}/backend/api/subjects.php`, { 'X-Forwarded-Proto': 'https' });
    once(json);
    expect(json.get('x-frame-options')).toEqual(['DENY']);
    expect(json.get('referrer-policy')).toEqual(['no-referrer']);
    expect(json.get('x-content-type-options')).toEqual(['nosniff']);
    expect(json.get('cross-origin-resource-policy')).toEqual(['same-site']);
    expect(json.get('strict-transport-security')).toEqual(['max-age=31536000; includeSubDomains']);
    // Plain http: no HSTS, neither nginx's nor the BFF's.
    expect((await rawHeaders(`${edge.url}/backend/api/subjects.php`)).get('strict-transport-security')).toBeUndefined();

    const variant = await firstVariant();
    const file = await rawHeaders(
      `${edge.url}/backend/api/past_papers.php?download_variant_id=${variant.id}&variant_document_type=document`,
    );
    once(file);
    expect(file.get('content-security-policy')).toEqual(['sandbox']);
    expect(file.get('cross-origin-resource-policy')).toEqual(['same-site']);
    expect(file.get('x-frame-options')).toEqual(['DENY']);
    expect(file.get('x-content-type-options')).toEqual(['nosniff']);
    expect(file.get('content-disposition')?.[0]).toMatch(/^attachment; filename=/);

    const page = await rawHeaders(`${edge.url}/faqs`);
    once(page);
    expect(page.get('content-security-policy')?.[0]).toMatch(/^default-src 'self'/);
    expect(page.get('x-frame-options')).toEqual(['DENY']);
    expect(page.get('referrer-policy')).toEqual(['strict-origin-when-cross-origin']);
    expect(page.get('permissions-policy')).toHaveLength(1);
  });

  /** The BFF's data versions as the renderer hears them (the internal listener), kept in order. */
  async function followVersions() {
    const abort = new AbortController();
    const response = await fetch(`http://127.0.0.1:${internalPort}/backend/api/internal/versions`, {
      headers: { 'X-Internal-Token': INTERNAL_TOKEN, Accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    const events: Versions[] = [];
    void (async () => {
      const decoder = new TextDecoder();
      let buffered = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const data = buffered
            .slice(0, end)
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('');
          buffered = buffered.slice(end + 2);
          if (data) events.push(JSON.parse(data) as Versions);
        }
      }
    })().catch(() => undefined);
    const until = async (found: (v: Versions) => boolean, what: string) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const event = events.find(found);
        if (event) return event;
        if (Date.now() > deadline) throw new Error(`no versions event: ${what} (${JSON.stringify(events)})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    return { until, close: () => abort.abort() };
  }

  it('keeps rendered pages through counted downloads; a content change drops them at once', async () => {
    const path = '/subjects/0580';
    const page = async () => {
      const res = await fetch(`${edge.url}${path}`);
      return { status: res.status, render: res.headers.get('x-render'), html: await res.text() };
    };
    // Rendered once, then from the cache (once the renderer follows the versions stream).
    let cached = await page();
    for (let i = 0; i < 50 && cached.render !== 'cache'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      cached = await page();
    }
    expect(cached).toMatchObject({ status: 200, render: 'cache' });
    expect(cached.html).toContain('data-ssr="public_site"');

    const versions = await followVersions();
    try {
      const now = await versions.until(() => true, 'the current versions');
      const variant = await firstVariant();
      const before = await downloads(variant.id);
      for (let i = 0; i < 3; i++) {
        const download = await api(`/past_papers.php?download_variant_id=${variant.id}&variant_document_type=document`);
        expect(download.status).toBe(200);
        await download.arrayBuffer();
      }
      expect(await downloads(variant.id)).toBe(before + 3);
      await versions.until((v) => v.counters !== now.counters, 'the counters moved');
      // The renderer hears the same event on its own connection: a moment for it to arrive there too.
      await new Promise((r) => setTimeout(r, 500));
      const afterDownloads = await page();
      expect(afterDownloads.render).toBe('cache');
      expect(afterDownloads.html).toBe(cached.html);

      // A content change (the subject edited on another replica) reaches the rendered pages at once: the next load
      // renders again, with the change.
      const replica = replicas[0]!.url;
      const token = await signIn(replica);
      const listed = (await (await fetch(`${replica}/backend/api/subjects.php`)).json()) as {
        data: Array<{ id: number; code: string; name: string; level: string }>;
      };
      const subject = listed.data.find((s) => s.code === '0580')!;
      const description = `Edited on another replica ${Date.now()}`;
      const edited = await fetch(`${replica}/backend/api/subjects.php?id=${subject.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: subject.name, code: subject.code, level: subject.level, description }),
      });
      expect(edited.status).toBe(200);
      await versions.until((v) => v.content !== now.content, 'the content moved');
      let next = await page();
      for (let i = 0; i < 25 && next.render === 'cache'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        next = await page();
      }
      expect(next).toMatchObject({ status: 200, render: 'render' });
      expect(next.html).toContain(description);
    } finally {
      versions.close();
    }
  });

  it("shows a write made through one replica on the other's next request", async () => {
    const [a, b] = replicas;
    const token = await signIn(a!.url);
    for (let i = 0; i < 5; i++) {
      await fetch(`${b!.url}/backend/api/subjects.php`); // B has the list cached
      const code = `T${900 + i}`;
      const created = await fetch(`${a!.url}/backend/api/subjects.php`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: `Topology ${i}`, code, level: 'cambridge-igcse', description: '' }),
      });
      expect(created.status).toBe(201);
      const seen = (await (await fetch(`${b!.url}/backend/api/subjects.php`)).json()) as {
        data: Array<{ code: string }>;
      };
      expect(seen.data.map((s) => s.code)).toContain(code);
      // And through nginx, whichever replica answers.
      const viaEdge = (await (await api('/subjects.php')).json()) as { data: Array<{ code: string }> };
      expect(viaEdge.data.map((s) => s.code)).toContain(code);
    }
  });

  /** The load's connections: each has at most one request in flight. */
  const CONNECTIONS = 50;

  /**
   * 50 connections of mixed public reads and downloads through nginx for `seconds`, with `disturb` run meanwhile.
   * Counts what the client saw: answers, failures (status or network), and the whole downloads it received.
   */
  async function underLoad(seconds: number, disturb: () => Promise<void>) {
    const variant = await firstVariant();
    const link = `/past_papers.php?download_variant_id=${variant.id}&variant_document_type=document`;
    const before = await downloads(variant.id);
    const reads = ['/subjects.php', '/past_papers.php?view=summary', '/faqs.php', '/dashboard_stats.php'];
    const failures: string[] = [];
    let served = 0;
    let downloaded = 0;
    let running = true;
    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        const path = (n + i) % 3 === 0 ? link : reads[(n + i) % reads.length]!;
        try {
          const res = await api(path);
          const body = await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${path}: ${res.status}`);
          else {
            served++;
            if (path === link && body.byteLength > 0) downloaded++;
          }
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => worker(n)));
    const started = Date.now();
    await disturb();
    await new Promise((r) => setTimeout(r, Math.max(0, seconds * 1000 - (Date.now() - started))));
    running = false;
    await load;
    return { failures, served, downloaded, counted: (await downloads(variant.id)) - before };
  }

  it('answers every request of 50 connections while a replica is stopped and restarted (a deploy); counts exact', async () => {
    const result = await underLoad(9, async () => {
      await new Promise((r) => setTimeout(r, 2_000));
      const b = replicas[1]!;
      await stopProcess(b.child); // SIGTERM: the replica stops taking connections and finishes what it has
      await new Promise((r) => setTimeout(r, 2_000));
      replicas[1] = await startReplica(1, b.port);
    });
    expect(result.failures.slice(0, 10)).toEqual([]);
    expect(result.served).toBeGreaterThan(500);
    expect(result.counted).toBe(result.downloaded);
  });

  it('retries every request a crashed replica had not begun to answer on the other one; counts exact', async () => {
    const result = await underLoad(9, async () => {
      await new Promise((r) => setTimeout(r, 2_000));
      const b = replicas[1]!;
      b.child.kill('SIGKILL'); // a crash: nothing finishes
      await new Promise((r) => setTimeout(r, 2_000));
      replicas[1] = await startReplica(1, b.port);
    });
    // nginx cannot take back an answer it has begun to pass on: only the answers the replica was in the middle of
    // sending when it died are cut; everything else (refused, reset, not yet answered) went to the other replica.
    // Those are at most the requests in flight on one of the two replicas, one per connection it was given (how many
    // depends on the machine's speed, not on how many requests the run served).
    const notCuts = result.failures.filter((f) => !f.endsWith(': terminated'));
    expect(notCuts).toEqual([]);
    expect(result.failures.length).toBeLessThanOrEqual(CONNECTIONS / 2);
    expect(result.served).toBeGreaterThan(500);
    // A download counted by the dying replica and retried on the other is counted once (per nginx request id).
    expect(result.counted).toBe(result.downloaded);
  });

  it('leaves public pages to the browser (the shell index.html) while the renderer is away', async () => {
    await stopProcess(renderer!);
    renderer = undefined;
    const page = await fetch(`${edge.url}/faqs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root"');
    expect(html).not.toContain('data-ssr=');
  });
});
