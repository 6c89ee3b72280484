import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATH, removeFolder, startBffProcess, type BffProcess } from './support/bff-process';

const ROOT = join(__dirname, '..', '..', '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * The gateway (scripts/gateway.mjs, what `npm start` and split mode run) proxies to the BFF with
 * keep-alive and without hop-by-hop headers, so an early answer (401 here) while the body still streams reaches
 * the client as it is. Before, 1–72 % of such requests got a 502 or no answer at all.
 */
describe('gateway: early answers while the body streams', () => {
  let dataDir: string;
  let bff: BffProcess;
  let gateway: ChildProcess;
  let origin: string;
  let gatewayLog: string;
  /** The gateway still running, or what it printed before it stopped. */
  const gatewayState = () =>
    gateway.exitCode === null && gateway.signalCode === null
      ? 'running'
      : `stopped (${gateway.exitCode ?? gateway.signalCode}): ${readFileSync(gatewayLog, 'utf8').slice(-2000)}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ppl-reliability-gateway-'));
    bff = await startBffProcess({ dataDir, seedDemo: false });
    const port = await freePort();
    gatewayLog = join(dataDir, 'gateway.log');
    const out = openSync(gatewayLog, 'a');
    gateway = spawn(
      process.execPath,
      [
        join(ROOT, 'scripts/serve.mjs'),
        '--role',
        'remote',
        '--dir',
        dataDir,
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
      ],
      { env: { ...process.env, BFF_URL: bff.origin }, stdio: ['ignore', out, out] },
    );
    closeSync(out);
    origin = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`${origin}${API_PATH}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(gatewayState()).toBe('running');
  }, 180_000);
  afterAll(async () => {
    gateway?.kill('SIGTERM');
    await bff?.stop();
    removeFolder(dataDir);
  }, 60_000);

  it("200 FormData PATCHes: every one gets the BFF's own answer (404: no PATCH route), none a 502 or a reset", async () => {
    const patch = async () => {
      const form = new FormData();
      form.append('name', 'x');
      form.append('file', new Blob([Buffer.alloc(256 * 1024, 1)]), 'a.pdf');
      const res = await fetch(`${origin}${API_PATH}/subjects.php?id=1`, { method: 'PATCH', body: form });
      await res.arrayBuffer();
      return res.status;
    };
    const statuses: Array<number | string> = [];
    for (let round = 0; round < 10; round++) {
      statuses.push(...(await Promise.all(Array.from({ length: 20 }, () => patch().catch((e: Error) => e.message)))));
    }
    const counts = statuses.reduce<Record<string, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
    process.stdout.write(`gateway: 200 PATCHes answered ${JSON.stringify(counts)}\n`);
    expect(counts).toEqual({ 404: 200 });
    expect(gatewayState()).toBe('running');
  }, 120_000);

  it('20 anonymous 20 MB uploads in parallel: every one answered 401 Authentication required', async () => {
    const big = new Blob([Buffer.alloc(20 * 1024 * 1024, 7)]);
    const upload = async () => {
      const form = new FormData();
      form.append('subject_id', '1');
      form.append('variant_0_document_path', big, 'paper.pdf');
      const res = await fetch(`${origin}${API_PATH}/past_papers.php`, { method: 'POST', body: form });
      const body = (await res.json()) as { error?: string };
      return `${res.status} ${body.error ?? ''}`;
    };
    const failure = (e: Error & { cause?: { code?: string; message?: string } }) =>
      `${e.message}${e.cause ? ` (${e.cause.code ?? ''} ${e.cause.message ?? ''})` : ''}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload().catch(failure)));
    process.stdout.write(`gateway: 20 uploads answered ${JSON.stringify([...new Set(answers)])}\n`);
    expect(gatewayState()).toBe('running');
    expect(answers).toEqual(Array.from({ length: 20 }, () => '401 Authentication required'));
  }, 120_000);
});
