import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, stopProcess, waitForUrl } from '../../support/product';

const PREFIX = '/_protected_files/';
const ETAG = '"65f0a1b2-4e20"';

/** A raw GET: status, headers and body bytes. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/**
 * The front door of `npm start` (scripts/frontdoor.mjs) sends a stored file itself when the BFF answers with
 * `X-Accel-Redirect` (FILE_DELIVERY=x-accel, which start.mjs sets with local storage), as nginx does in the
 * container topology: the BFF's headers, the file's bytes, Range and revalidation, nothing outside the upload folder.
 * The BFF here is a stand-in that answers each path with the redirect a test needs (the real BFF's side:
 * bff/test/x-accel-delivery.test.ts; the whole product: the hostile front-door suite's 600 downloads).
 */
describe('the front door sends the files the BFF hands over', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ppl-front-door-files-'));
  const uploads = join(dir, 'uploads');
  const file = Buffer.from(Array.from({ length: 20_000 }, (_, i) => i % 251));
  let bff: Server;
  let frontDoor: ChildProcess;
  let origin: string;
  /** What the stand-in BFF answers for each path of the API. */
  const redirects: Record<string, string> = {
    '/backend/api/file': `${PREFIX}papers/paper.pdf`,
    '/backend/api/outside': `${PREFIX}../secret.txt`,
    '/backend/api/elsewhere': '/somewhere/else/paper.pdf',
    '/backend/api/missing': `${PREFIX}papers/gone.pdf`,
    '/backend/api/hidden': `${PREFIX}.staging/paper.pdf`,
  };

  beforeAll(async () => {
    mkdirSync(join(uploads, 'papers'), { recursive: true });
    mkdirSync(join(uploads, '.staging'), { recursive: true });
    writeFileSync(join(uploads, 'papers/paper.pdf'), file);
    writeFileSync(join(uploads, '.staging/paper.pdf'), file);
    writeFileSync(join(dir, 'secret.txt'), 'not a stored file');
    bff = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0]!;
      const internal = redirects[path];
      if (!internal) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"Not found"}');
        return;
      }
      res.writeHead(200, {
        'X-Accel-Redirect': internal,
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="physics-9702-2023-may-june-paper-12.pdf"',
        'Content-Security-Policy': 'sandbox',
        'Cache-Control': 'private, no-cache',
        ETag: ETAG,
        'Content-Length': '0',
      });
      res.end();
    });
    await new Promise<void>((resolve) => bff.listen(0, '127.0.0.1', resolve));
    const bffPort = (bff.address() as { port: number }).port;
    const port = await freePort();
    frontDoor = spawn(process.execPath, [join(ROOT, 'scripts/frontdoor.mjs')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        BFF_URL: `http://127.0.0.1:${bffPort}`,
        APP_ROOT: ROOT,
        SSR: 'false',
        FRONTDOOR_FILES_ROOT: uploads,
        X_ACCEL_PREFIX: PREFIX,
      },
      stdio: 'ignore',
    });
    origin = `http://127.0.0.1:${port}`;
    await waitForUrl(`${origin}/remotes.json`);
  });
  afterAll(async () => {
    if (frontDoor) await stopProcess(frontDoor);
    await new Promise((resolve) => bff?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the whole file with the BFF's headers, and never the internal path", async () => {
    const res = await get(`${origin}/backend/api/file`);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body, file)).toBe(0);
    expect(res.headers['content-length']).toBe(String(file.length));
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="physics-9702-2023-may-june-paper-12.pdf"');
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toBe(ETAG);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['x-accel-redirect']).toBeUndefined();
  });

  it('answers one range 206, several ranges with the whole file, a range past the end 416', async () => {
    const part = await get(`${origin}/backend/api/file`, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${file.length}`);
    expect(Buffer.compare(part.body, file.subarray(100, 200))).toBe(0);
    const several = await get(`${origin}/backend/api/file`, { Range: 'bytes=0-9,500-509' });
    expect(several.status).toBe(200);
    expect(several.body.length).toBe(file.length);
    const past = await get(`${origin}/backend/api/file`, { Range: `bytes=${file.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${file.length}`);
    expect(JSON.parse(past.body.toString())).toEqual({ error: 'Requested range not satisfiable' });
  });

  it("judges revalidation by the BFF's validator: 304 when it matches, and a stale If-Range gets the whole file", async () => {
    const same = await get(`${origin}/backend/api/file`, { 'If-None-Match': ETAG });
    expect(same.status).toBe(304);
    expect(same.body.length).toBe(0);
    const changed = await get(`${origin}/backend/api/file`, { 'If-None-Match': '"other"' });
    expect(changed.status).toBe(200);
    const stale = await get(`${origin}/backend/api/file`, { Range: 'bytes=0-9', 'If-Range': '"other"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(file.length);
  });

  it('sends nothing outside the upload folder, no hidden file, and 502 for a redirect it does not serve', async () => {
    for (const path of ['/backend/api/outside', '/backend/api/hidden', '/backend/api/missing']) {
      const res = await get(`${origin}${path}`);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body.toString())).toEqual({ error: 'File not found' });
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.headers['x-accel-redirect']).toBeUndefined();
    }
    const elsewhere = await get(`${origin}/backend/api/elsewhere`);
    expect(elsewhere.status).toBe(502);
    expect(elsewhere.body.toString()).not.toContain('somewhere');
    expect(elsewhere.headers['x-accel-redirect']).toBeUndefined();
    // The file outside the folder is still there, untouched, and was never sent.
    expect(readFileSync(join(dir, 'secret.txt'), 'utf8')).toBe('not a stored file');
  });

  it('passes every other answer of the BFF through as it is', async () => {
    const res = await get(`${origin}/backend/api/unknown`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toEqual({ error: 'Not found' });
  });
});
