import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { API, bearer, createSubject, signInAdmin, uploadedFiles, writeState, type SignedIn } from './support/api';
import { docxBytes, pdfBytes } from './support/documents';
import { startTestBff, type TestBff } from './support/test-bff';

/**
 * Uploads stream to temporary files (never whole in memory), the whole request is capped, each
 * file's type is sniffed from its first bytes, and temporary files are gone on every path out of a request.
 */
describe('uploads: streamed to disk, capped per request, sniffed, cleaned up', () => {
  let bff: TestBff;
  let admin: SignedIn;
  let subjectId: number;

  beforeAll(async () => {
    bff = await startTestBff({ env: { MAX_UPLOAD_MB: '2' } });
    admin = await signInAdmin(bff);
    subjectId = (await createSubject(bff, admin)).id;
  });
  afterAll(async () => {
    await bff?.close();
  });

  const incoming = () => {
    const dir = join(bff.config.uploadDir, '.incoming');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const paper = (files: Record<string, { bytes: Buffer; name: string }>, variants = 1) => {
    const req = bff
      .http()
      .post(`${API}/past_papers.php`)
      .set(bearer(admin.token))
      .field('subject_id', String(subjectId))
      .field('year', '2022')
      .field('session', 'May/June')
      .field(
        'variants',
        JSON.stringify(Array.from({ length: variants }, (_, i) => ({ name: `P${i}`, version: i + 1 }))),
      );
    for (const [field, file] of Object.entries(files)) req.attach(field, file.bytes, file.name);
    return req;
  };
  /** A real PDF padded to `size` bytes (a comment after %%EOF). */
  const bigPdf = (size: number) => Buffer.concat([pdfBytes(), Buffer.alloc(size, 0x20)]);

  it('stores the streamed file byte for byte and leaves no temporary file', async () => {
    const bytes = bigPdf(900 * 1024);
    const res = await paper({ variant_0_document_path: { bytes, name: 'q.pdf' } }).expect(201);
    const stored = res.body.data.variants[0].document_path as string;
    expect(readFileSync(join(bff.config.uploadDir, stored)).equals(bytes)).toBe(true);
    expect(incoming()).toEqual([]);
  });

  it('caps the whole request (MAX_UPLOAD_MB) even when every file is under the per-file limit, storing nothing', async () => {
    const before = await writeState(bff);
    const res = await paper(
      {
        variant_0_document_path: { bytes: bigPdf(900 * 1024), name: 'a.pdf' },
        variant_1_document_path: { bytes: bigPdf(900 * 1024), name: 'b.pdf' },
        variant_2_document_path: { bytes: bigPdf(900 * 1024), name: 'c.pdf' },
      },
      3,
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'The upload is too large (at most 2 MB in one request)' });
    expect(await writeState(bff)).toEqual(before);
    expect(incoming()).toEqual([]);
  });

  it('refuses a declared Content-Length over the cap before reading the body', async () => {
    const server = bff.app.getHttpServer() as import('node:http').Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `${API}/past_papers.php`,
          headers: {
            Authorization: `Bearer ${admin.token}`,
            'Content-Type': 'multipart/form-data; boundary=xyz',
            'Content-Length': String(50 * 1024 * 1024),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write('--xyz\r\n'); // the body never comes: the answer must not wait for it
    });
    expect(status).toBe(413);
  });

  it('sniffs the type from the first bytes: an HTML file named .pdf is refused and nothing stays on disk', async () => {
    const before = await writeState(bff);
    const html = Buffer.from(`<html><body>${'x'.repeat(200_000)}<script>alert(1)</script></body></html>`);
    const res = await paper({ variant_0_document_path: { bytes: html, name: 'q.pdf' } });
    expect(res.status).toBe(400);
    expect(await writeState(bff)).toEqual(before);
    expect(incoming()).toEqual([]);
  });

  it('accepts a DOCX whose type is known from its first entries', async () => {
    const res = await paper({
      variant_0_document_path: { bytes: pdfBytes(), name: 'q.pdf' },
      variant_0_mark_scheme_path: { bytes: docxBytes(), name: 'ms.docx' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.variants[0].mark_scheme_path).toMatch(/\.docx$/);
  });

  it('removes the temporary file when the client goes away in the middle of an upload', async () => {
    const server = bff.app.getHttpServer() as import('node:http').Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const filesBefore = uploadedFiles(bff);
    const req = httpRequest({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: `${API}/past_papers.php`,
      headers: {
        Authorization: `Bearer ${admin.token}`,
        'Content-Type': 'multipart/form-data; boundary=xyz',
        'Content-Length': String(1024 * 1024),
      },
    });
    req.on('error', () => undefined);
    req.write(
      '--xyz\r\nContent-Disposition: form-data; name="variant_0_document_path"; filename="q.pdf"\r\n' +
        'Content-Type: application/pdf\r\n\r\n',
    );
    req.write(bigPdf(100 * 1024));
    const deadline = Date.now() + 5000;
    while (incoming().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(incoming().length).toBe(1); // it was streaming to disk
    req.destroy();
    while (incoming().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(incoming()).toEqual([]);
    expect(uploadedFiles(bff)).toEqual(filesBefore);
  });

  it('removes uploads left over by a stopped process at the next start', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(join(bff.config.uploadDir, '.incoming'), { recursive: true });
    writeFileSync(join(bff.config.uploadDir, '.incoming', 'left-over.upload'), 'x');
    await bff.stop();
    bff = await startTestBff({
      env: { MAX_UPLOAD_MB: '2' },
      reuse: bff,
    });
    expect(incoming()).toEqual([]);
  });
});
