import { mkdtempSync, readdirSync, existsSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfBytes } from '../support/documents';
import { ADMIN, API_PATH, removeFolder, startBffProcess, type BffProcess } from './support/bff-process';
import { bearer, jsonBody, jsonOf, send } from './support/http';
import { signIn } from './support/library';

const VARIANTS = 20; // × 3 files = 60 files per request
const FILE_BYTES = 4 * 1024 * 1024;
const PARALLEL = 3;
const RSS_LIMIT_MB = 300;

/**
 * Three admins each upload a past paper with 60 files of 4 MB (240 MB per request, 720 MB in
 * all) at the same time. The files stream to disk: the BFF stays under 300 MB resident.
 */
describe('uploads: 3 parallel 60-file uploads', () => {
  let dataDir: string;
  let bff: BffProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ppl-reliability-uploads-'));
    bff = await startBffProcess({ dataDir, seedDemo: false });
  }, 180_000);
  afterAll(async () => {
    await bff?.stop();
    removeFolder(dataDir);
  }, 60_000);

  /** Streams one multipart request without holding it in this process's memory either. */
  const upload = (token: string, subjectId: number) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const boundary = `----ppl${Math.random().toString(16).slice(2)}`;
      const head = pdfBytes('Reliability');
      const padding = Buffer.alloc(64 * 1024, 0x20);
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const fields =
        field('subject_id', String(subjectId)) +
        field('year', '2021') +
        field('session', 'May/June') +
        field(
          'variants',
          JSON.stringify(Array.from({ length: VARIANTS }, (_, i) => ({ name: `P${i}`, version: i + 1 }))),
        );
      const req = request(`${bff.origin}${API_PATH}/past_papers.php`, {
        method: 'POST',
        headers: { ...bearer(token), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      const parts: Array<() => Buffer> = [() => Buffer.from(fields)];
      for (let v = 0; v < VARIANTS; v++) {
        for (const type of ['document', 'mark_scheme', 'examiner_report']) {
          parts.push(() =>
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="variant_${v}_${type}_path"; filename="f${v}${type}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
            ),
          );
          parts.push(() => head);
          for (let sent = head.length; sent < FILE_BYTES; sent += padding.length) parts.push(() => padding);
          parts.push(() => Buffer.from('\r\n'));
        }
      }
      parts.push(() => Buffer.from(`--${boundary}--\r\n`));
      let i = 0;
      const pump = () => {
        while (i < parts.length) {
          if (!req.write(parts[i++]!())) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    });

  it('keeps the BFF under 300 MB resident and stores every file', async () => {
    const token = await signIn(bff.origin, ADMIN.email, ADMIN.password);
    const subject = await send(bff.origin, {
      method: 'POST',
      path: `${API_PATH}/subjects.php`,
      ...jsonBody({ name: 'Physics', code: '0625', level: 'cambridge-o-levels' }),
      headers: { ...bearer(token), 'Content-Type': 'application/json' },
    });
    expect(subject.status).toBe(201);
    const subjectId = (jsonOf(subject) as { data: { id: number } }).data.id;

    let peakMb = 0;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, bff.memory().rssKb / 1024);
    }, 50);
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => upload(token, subjectId)));
    clearInterval(sampler);
    peakMb = Math.max(peakMb, bff.memory().rssKb / 1024);
    process.stdout.write(
      `uploads: BFF peak RSS ${Math.round(peakMb)} MB (VmHWM ${Math.round(bff.memory().peakKb / 1024)} MB)\n`,
    );

    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(peakMb).toBeLessThan(RSS_LIMIT_MB);
    const papers = readdirSync(join(dataDir, 'uploads', 'papers'));
    expect(papers.length).toBe(PARALLEL * VARIANTS);
    const incoming = join(dataDir, 'uploads', '.incoming');
    expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
  }, 300_000);
});
