import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import * as tar from 'tar';
import { backup, restore } from '../src/backup/backup';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { FileStorage } from '../src/storage/file-storage.service';
import { S3Backend } from '../src/storage/s3-backend';
import { StoredFileHashes } from '../src/stored-files/stored-file-hashes.service';
import { API, bearer, binary, createSubject, signInAdmin, uploadedFiles, type SignedIn } from './support/api';
import { pagedPdf, pdfBytes } from './support/documents';
import { startTestS3, type TestS3 } from './support/s3-server';
import { dbTarget, startTestBff, type TestBff } from './support/test-bff';
import {
  INSERT_MARK_SCHEME_SQL,
  MARK_SCHEMES_WITH_COUNTERS,
  VARIANTS_WITH_COUNTERS,
  variantsWithCountersAs,
} from './support/counters';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Polls until `accept` holds (no fixed sleep), within 15 s. */
async function eventually<T>(read: () => Promise<T>, accept: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/**
 * STORAGE=s3 against a real S3-compatible server (s3rver, started here). Every file lives in the bucket,
 * none on the disk; downloads are counted by the BFF exactly as on the local disk, then streamed from the bucket
 * (Range passed on, 304, 416) or handed to the client as a short-lived presigned redirect.
 */
describe('object storage (STORAGE=s3)', () => {
  let s3: TestS3;

  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  /** A PDF over one multipart part (8 MB), so the streamed multipart upload is exercised too. */
  const bigPdf = () => {
    const head = pdfBytes('Large question paper');
    return Buffer.concat([head, randomBytes(9 * 1024 * 1024)]);
  };

  const createPaper = async (bff: TestBff, admin: SignedIn, subjectId: number, files: Record<string, Buffer>) => {
    const names = Object.keys(files).map((slot) => Number(/variant_(\d+)/.exec(slot)![1]));
    const req = bff
      .http()
      .post(`${API}/past_papers.php`)
      .set(bearer(admin.token))
      .field('subject_id', String(subjectId))
      .field('year', '2023')
      .field('session', 'May/June')
      .field('variants', JSON.stringify([...new Set(names)].map((i) => ({ name: `Paper ${11 + i}`, version: i + 1 }))));
    for (const [slot, bytes] of Object.entries(files)) req.attach(slot, bytes, `${slot}.pdf`);
    const res = await req;
    return res;
  };

  describe('streamed through the BFF (S3_DELIVERY=stream, the default)', () => {
    const bucket = 'ppl-stream';
    let bff: TestBff;
    let admin: SignedIn;
    let subject: { id: number; code: string };
    let paper: { id: number; variants: Array<{ id: number; document_path: string; mark_scheme_path: string }> };
    const large = bigPdf();
    let markScheme: Buffer;
    const scratch = mkdtempSync(join(tmpdir(), 'ppl-s3-backup-'));

    const downloads = async (variantId: number) =>
      (
        await bff.db.query(
          `SELECT document_downloads AS d, document_views AS v FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`,
          [variantId],
        )
      )[0] as { d: number; v: number };

    beforeAll(async () => {
      await s3.createBucket(bucket);
      markScheme = await pagedPdf(['Mark scheme 11: the drift velocity is proportional to the current.']);
      bff = await startTestBff({ env: s3.env(bucket, { DOCUMENT_TEXT_POLL_MS: '100' }) });
      admin = await signInAdmin(bff);
      await bff.db.query('UPDATE site_settings SET max_file_size = 20');
      subject = await createSubject(bff, admin, { name: 'Physics', code: '9702', level: 'cambridge-a-levels' });
      paper = (
        await createPaper(bff, admin, subject.id, {
          variant_0_document_path: large,
          variant_0_mark_scheme_path: markScheme,
        })
      ).body.data;
    });
    afterAll(async () => {
      await bff?.close();
      rmSync(scratch, { recursive: true, force: true });
    });

    it('stores uploads in the bucket (streamed, multipart past 8 MB) and nothing on the disk', async () => {
      const v = paper.variants[0]!;
      expect(await s3.keys(bucket)).toEqual([v.document_path, v.mark_scheme_path].sort());
      expect(Buffer.compare(await s3.get(bucket, v.document_path), large)).toBe(0);
      expect(Buffer.compare(await s3.get(bucket, v.mark_scheme_path), markScheme)).toBe(0);
      expect(uploadedFiles(bff)).toEqual([]);
    });

    it('downloads byte for byte with the usual headers, counted once', async () => {
      const v = paper.variants[0]!;
      const before = await downloads(v.id);
      const res = await bff
        .http()
        .get(`${API}/past_papers.php?download_variant_id=${v.id}`)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(Buffer.compare(res.body as Buffer, large)).toBe(0);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(large.length));
      expect(res.headers['content-disposition']).toBe('attachment; filename="physics-9702-2023-may-june-paper-11.pdf"');
      expect(res.headers['content-security-policy']).toBe('sandbox');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers.etag).toMatch(/^"[0-9a-f-]+"$/);
      expect(res.headers['last-modified']).toBeDefined();
      expect(await downloads(v.id)).toEqual({ d: before.d + 1, v: before.v });
      // The file's own URL reads from the bucket too.
      const own = await bff.http().get(`${API}/files/${v.mark_scheme_path}`).buffer(true).parse(binary).expect(200);
      expect(Buffer.compare(own.body as Buffer, markScheme)).toBe(0);
    });

    it('passes a Range on (206, uncounted unless it covers the whole file), 416 past the end, 304 and HEAD uncounted', async () => {
      const v = paper.variants[0]!;
      const url = `${API}/past_papers.php?download_variant_id=${v.id}`;
      const start = (await downloads(v.id)).d;
      const part = await bff.http().get(url).set('Range', 'bytes=100-4195').buffer(true).parse(binary).expect(206);
      expect(part.headers['content-range']).toBe(`bytes 100-4195/${large.length}`);
      expect(part.headers['content-length']).toBe('4096');
      expect(Buffer.compare(part.body as Buffer, large.subarray(100, 4196))).toBe(0);
      const tail = await bff.http().get(url).set('Range', 'bytes=-10').buffer(true).parse(binary).expect(206);
      expect(Buffer.compare(tail.body as Buffer, large.subarray(-10))).toBe(0);
      await bff.http().get(url).set('Range', 'bytes=0-0').expect(206);
      expect((await downloads(v.id)).d).toBe(start);
      await bff
        .http()
        .get(url)
        .set('Range', `bytes=0-${large.length - 1}`)
        .buffer(true)
        .parse(binary)
        .expect(206);
      expect((await downloads(v.id)).d).toBe(start + 1);

      const bad = await bff
        .http()
        .get(url)
        .set('Range', `bytes=${large.length + 5}-`)
        .expect(416);
      expect(bad.body).toEqual({ error: 'Requested range not satisfiable' });
      expect(bad.headers['content-range']).toBe(`bytes */${large.length}`);
      expect(bad.headers['content-disposition']).toBeUndefined();

      const first = await bff.http().get(url).buffer(true).parse(binary).expect(200);
      const counted = (await downloads(v.id)).d;
      expect(counted).toBe(start + 2);
      const notModified = await bff.http().get(url).set('If-None-Match', first.headers.etag!).expect(304);
      expect(notModified.text ?? '').toBe('');
      const head = await bff.http().head(url).expect(200);
      expect(head.headers['content-length']).toBe(String(large.length));
      expect((await downloads(v.id)).d).toBe(counted);
    });

    it("serves the viewer's stream=1 reads from the bucket, never counted", async () => {
      const v = paper.variants[0]!;
      const before = await downloads(v.id);
      const url = `${API}/past_papers.php?download_variant_id=${v.id}&stream=1`;
      const open = await bff.http().get(url).set('Range', 'bytes=0-65535').buffer(true).parse(binary).expect(206);
      expect(open.headers['content-disposition']).toMatch(/^inline; /);
      expect(Buffer.compare(open.body as Buffer, large.subarray(0, 65536))).toBe(0);
      await bff.http().get(url).buffer(true).parse(binary).expect(200);
      // Several ranges at once (the viewer's scattered page dictionaries): one multipart/byteranges answer.
      const multi = await bff
        .http()
        .get(url)
        .set('Range', 'bytes=10-19,1000-1009')
        .buffer(true)
        .parse(binary)
        .expect(206);
      expect(multi.headers['content-type']).toMatch(/^multipart\/byteranges; boundary=/);
      const body = (multi.body as Buffer).toString('latin1');
      expect(body).toContain(
        `Content-Range: bytes 10-19/${large.length}\r\n\r\n${large.subarray(10, 20).toString('latin1')}`,
      );
      expect(body).toContain(
        `Content-Range: bytes 1000-1009/${large.length}\r\n\r\n${large.subarray(1000, 1010).toString('latin1')}`,
      );
      expect(await downloads(v.id)).toEqual(before);
    });

    it('builds a session zip from the bucket, byte for byte', async () => {
      const v = paper.variants[0]!;
      const markSchemeDownloads = async () =>
        (
          await bff.db.query(`SELECT mark_scheme_downloads AS m FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`, [v.id])
        )[0].m as number;
      const before = await markSchemeDownloads();
      const res = await bff
        .http()
        .get(`${API}/download/sessions/9702/2023/may-june.zip`)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
      const entries = unzipSync(new Uint8Array(res.body as Buffer));
      expect(Object.keys(entries).sort()).toEqual(['9702_s23_ms_11.pdf', '9702_s23_qp_11.pdf']);
      expect(Buffer.compare(Buffer.from(entries['9702_s23_qp_11.pdf']!), large)).toBe(0);
      expect(Buffer.compare(Buffer.from(entries['9702_s23_ms_11.pdf']!), markScheme)).toBe(0);
      expect(await markSchemeDownloads()).toBe(before + 1);
    });

    it('a failed write leaves no object behind; deleting a paper removes its objects', async () => {
      await bff.db.query(`
        CREATE OR REPLACE FUNCTION fail_on_boom() RETURNS trigger AS $$
        BEGIN IF NEW.name = 'Paper 12' THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
      await bff.db.query(
        'CREATE TRIGGER variants_boom BEFORE INSERT ON variants FOR EACH ROW EXECUTE FUNCTION fail_on_boom()',
      );
      const before = await s3.keys(bucket);
      try {
        const failed = await createPaper(bff, admin, subject.id, {
          variant_0_document_path: pdfBytes('kept?'),
          variant_1_document_path: bigPdf(),
        });
        expect(failed.status).toBe(500);
        expect(await s3.keys(bucket)).toEqual(before);
      } finally {
        await bff.db.query('DROP TRIGGER variants_boom ON variants');
      }

      const other = await createSubject(bff, admin, { name: 'Chemistry', code: '9701', level: 'cambridge-a-levels' });
      const created = (
        await createPaper(bff, admin, other.id, { variant_0_document_path: pdfBytes('Chemistry 11') }).then((r) => {
          expect(r.status).toBe(201);
          return r;
        })
      ).body.data as { id: number; variants: Array<{ document_path: string }> };
      expect(await s3.keys(bucket)).toContain(created.variants[0]!.document_path);
      await bff.http().delete(`${API}/past_papers.php?id=${created.id}`).set(bearer(admin.token)).expect(200);
      expect(await s3.keys(bucket)).toEqual(before);
    });

    it('reads the text of an object from a temporary copy, and back-fills SHA-256 from the bucket', async () => {
      const v = paper.variants[0]!;
      const status = await eventually(
        async () =>
          (
            await bff.db.query(
              'SELECT t.status FROM document_texts t JOIN documents d ON d.id = t.document_id WHERE d.storage_key = $1',
              [v.mark_scheme_path],
            )
          )[0]?.status as string | undefined,
        (s) => s === 'done' || s === 'failed',
      );
      expect(status).toBe('done');
      const [page] = await bff.db.query(
        `SELECT p.body FROM document_pages p JOIN document_texts t ON t.id = p.document_text_id
          JOIN documents d ON d.id = t.document_id WHERE d.storage_key = $1`,
        [v.mark_scheme_path],
      );
      expect(page.body).toContain('drift velocity');

      const markSchemeOf = `SELECT id FROM documents WHERE variant_id = $1 AND kind = 'mark-scheme'`;
      await bff.db.query(`UPDATE documents SET sha256 = NULL WHERE id = (${markSchemeOf})`, [v.id]);
      expect(await bff.app.get(StoredFileHashes).backfill()).toBe(1);
      const [row] = await bff.db.query(`SELECT sha256 AS h FROM documents WHERE id = (${markSchemeOf})`, [v.id]);
      expect(row.h).toBe(sha256(markScheme));
    });

    it('commits a bulk import from the local staging folder into the bucket', async () => {
      const qp = pdfBytes('9702 s22 qp 12 imported');
      const ms = pdfBytes('9702 s22 ms 12 imported');
      const importId = (await bff.http().post(`${API}/imports`).set(bearer(admin.token)).expect(201)).body.data.id;
      for (const [name, bytes] of [
        ['9702_s22_qp_12.pdf', qp],
        ['9702_s22_ms_12.pdf', ms],
      ] as const) {
        await bff
          .http()
          .post(`${API}/imports/${importId}/files`)
          .set(bearer(admin.token))
          .attach('file', bytes, name)
          .expect(201);
      }
      const report = (await bff.http().post(`${API}/imports/${importId}/commit`).set(bearer(admin.token)).expect(200))
        .body.data;
      expect(report.files.map((f: { outcome: string }) => f.outcome)).toEqual(['created', 'created']);
      const [row] = await bff.db.query(
        `SELECT v.document_path, v.mark_scheme_path FROM ${variantsWithCountersAs('v')}
           JOIN past_papers p ON p.id = v.past_paper_id WHERE p.year = 2022 AND p.session = 'May/June'`,
      );
      expect(Buffer.compare(await s3.get(bucket, row.document_path), qp)).toBe(0);
      expect(Buffer.compare(await s3.get(bucket, row.mark_scheme_path), ms)).toBe(0);
      expect(uploadedFiles(bff).filter((p) => !p.startsWith('.'))).toEqual([]); // staging only, nothing stored here
    });

    it('a record whose object is gone answers 404 and counts nothing', async () => {
      const [{ id }] = await bff.db.query(INSERT_MARK_SCHEME_SQL, [
        'mark-schemes/00000000-0000-4000-8000-000000000009.pdf',
      ]);
      const res = await bff.http().get(`${API}/mark_schemes.php?download_id=${id}`).expect(404);
      expect(res.body).toEqual({ error: 'File not found' });
      expect(
        (await bff.db.query(`SELECT downloads FROM ${MARK_SCHEMES_WITH_COUNTERS} WHERE id = $1`, [id]))[0].downloads,
      ).toBe(0);
      await bff.db.query('DELETE FROM mark_schemes WHERE id = $1', [id]);
    });

    it('backs up the database with every object it references; a restore puts them into a bucket', async () => {
      const archive = join(scratch, 'backup.tar.gz');
      const storage = bff.app.get(FileStorage);
      const manifest = await backup({
        databaseUrl: (bff.db.options as { url?: string }).url!,
        uploadDir: bff.config.uploadDir,
        out: archive,
        bucket: storage.backend,
      });
      const referenced: string[] = (
        await bff.db.query(
          `SELECT DISTINCT storage_key AS p FROM documents
            WHERE storage_key LIKE 'papers/%' OR storage_key LIKE 'mark-schemes/%' ORDER BY p`,
        )
      ).map((r: { p: string }) => r.p);
      expect(manifest.files).toBe(referenced.length);
      const unpacked = mkdtempSync(join(scratch, 'unpacked-'));
      await tar.extract({ file: archive, cwd: unpacked });
      for (const path of referenced) {
        expect(Buffer.compare(readFileSync(join(unpacked, 'uploads', path)), await s3.get(bucket, path))).toBe(0);
      }

      // Into another bucket, the product stopped: the archive's files arrive, the product's other keys go.
      const target = 'ppl-restored';
      await s3.createBucket(target);
      await s3.put(target, 'papers/00000000-0000-4000-8000-0000000000ff.pdf', pdfBytes('not in the backup'));
      await s3.put(target, 'notes/kept.txt', Buffer.from('not ours'));
      await bff.stop();
      const embedded = dbTarget() === 'pglite' ? await startEmbeddedPostgres(bff.dataDir) : undefined;
      const into = new S3Backend({ ...bff.config.storage.s3!, bucket: target });
      try {
        await restore({
          databaseUrl: embedded?.url ?? (bff as TestBff & { databaseUrl?: string }).databaseUrl!,
          uploadDir: bff.config.uploadDir,
          archive,
          bucket: into,
        });
      } finally {
        into.close();
        await embedded?.stop();
      }
      expect(await s3.keys(target)).toEqual(['notes/kept.txt', ...referenced].sort());
    });
  });

  describe('presigned redirects (S3_DELIVERY=redirect)', () => {
    const bucket = 'ppl-redirect';
    let bff: TestBff;
    let variantId: number;
    const document = pdfBytes('Redirected paper '.repeat(100));

    beforeAll(async () => {
      await s3.createBucket(bucket);
      bff = await startTestBff({ env: s3.env(bucket, { S3_DELIVERY: 'redirect' }) });
      const admin = await signInAdmin(bff);
      const subject = await createSubject(bff, admin, { name: 'Biology', code: '9700', level: 'cambridge-a-levels' });
      const created = await createPaper(bff, admin, subject.id, { variant_0_document_path: document });
      expect(created.status).toBe(201);
      variantId = created.body.data.variants[0].id;
    });
    afterAll(async () => {
      await bff?.close();
    });

    const counters = async () =>
      (
        await bff.db.query(
          `SELECT document_downloads AS d, document_views AS v FROM ${VARIANTS_WITH_COUNTERS} WHERE id = $1`,
          [variantId],
        )
      )[0] as { d: number; v: number };

    it('counts once, then redirects (302) to a URL of about a minute that serves the bytes with our headers', async () => {
      const res = await bff.http().get(`${API}/past_papers.php?download_variant_id=${variantId}`).redirects(0);
      expect(res.status).toBe(302);
      expect(res.headers['cache-control']).toBe('no-store');
      const location = new URL(res.headers.location!);
      expect(location.origin).toBe(s3.endpoint);
      expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
      expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(await counters()).toEqual({ d: 1, v: 0 });

      const object = await fetch(location);
      expect(object.status).toBe(200);
      expect(object.headers.get('content-type')).toBe('application/pdf');
      expect(object.headers.get('content-disposition')).toBe(
        'attachment; filename="biology-9700-2023-may-june-paper-11.pdf"',
      );
      expect(Buffer.compare(Buffer.from(await object.arrayBuffer()), document)).toBe(0);
      expect(await counters()).toEqual({ d: 1, v: 0 }); // the bucket's answer counts nothing more

      // Opening to read (inline) is a view, redirected too.
      const inline = await bff
        .http()
        .get(`${API}/past_papers.php?download_variant_id=${variantId}&inline=1`)
        .redirects(0);
      expect(inline.status).toBe(302);
      expect(new URL(inline.headers.location!).searchParams.get('response-content-disposition')).toMatch(/^inline; /);
      expect(await counters()).toEqual({ d: 1, v: 1 });
    });

    it("keeps the viewer's stream=1 reads on the site's origin (streamed, uncounted); HEAD and 304 answer here", async () => {
      const url = `${API}/past_papers.php?download_variant_id=${variantId}`;
      const read = await bff
        .http()
        .get(`${url}&stream=1`)
        .set('Range', 'bytes=0-99')
        .redirects(0)
        .buffer(true)
        .parse(binary)
        .expect(206);
      expect(Buffer.compare(read.body as Buffer, document.subarray(0, 100))).toBe(0);
      const head = await bff.http().head(url).redirects(0).expect(200);
      expect(head.headers['content-length']).toBe(String(document.length));
      await bff.http().get(url).set('If-None-Match', head.headers.etag!).redirects(0).expect(304);
      await bff.http().get(url).set('Range', `bytes=${document.length}-`).redirects(0).expect(416);
      expect(await counters()).toEqual({ d: 1, v: 1 });
    });

    it('answers a clean 503 when the bucket is unreachable, leaking nothing of the SDK', async () => {
      await s3.close();
      const down = await bff.http().get(`${API}/past_papers.php?download_variant_id=${variantId}`).redirects(0);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ error: 'File storage is temporarily unavailable. Please try again shortly.' });
      expect(down.headers['x-request-id']).toBeDefined();
      expect(JSON.stringify(down.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|S3RVER/);
      expect(await counters()).toEqual({ d: 1, v: 1 });
    });
  });
});
