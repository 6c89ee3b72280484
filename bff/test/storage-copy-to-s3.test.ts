import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyToS3Command } from '../src/storage/copy-to-s3.command';
import { API, bearer, binary, createSubject, signInAdmin, uploadedFiles } from './support/api';
import { docxBytes, pdfBytes } from './support/documents';
import { startTestS3, type TestS3 } from './support/s3-server';
import { startTestBff, type TestBff } from './support/test-bff';

/**
 * `npm run storage:copy-to-s3` copies an existing local upload folder into a bucket and reads every file
 * back to verify its SHA-256 (the database's where it has one, else the local file's). It is idempotent, reports
 * what it did, and exits non-zero on any mismatch. Afterwards the product runs on the bucket (STORAGE=s3).
 */
describe('copying a local upload folder into a bucket', () => {
  const bucket = 'ppl-copy';
  let s3: TestS3;
  let bff: TestBff & { databaseUrl?: string };
  let paper: { id: number; variants: Array<{ id: number; document_path: string; mark_scheme_path: string }> };
  const question = pdfBytes('Question paper to move '.repeat(30));
  const markScheme = docxBytes();
  const stray = 'papers/00000000-0000-4000-8000-0000000000aa.pdf';

  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await copyToS3Command(
      args,
      {
        DATA_DIR: bff.dataDir,
        DATABASE_URL: bff.databaseUrl ?? '',
        LOG_LEVEL: 'silent',
        ...s3.env(bucket),
        STORAGE: 'local', // the product still runs on the disk while the folder is copied
      },
      (line) => lines.push(line),
    );
    return { code, lines, text: lines.join('\n') };
  };

  beforeAll(async () => {
    s3 = await startTestS3();
    await s3.createBucket(bucket);
    bff = await startTestBff();
    const admin = await signInAdmin(bff);
    const subject = await createSubject(bff, admin, { name: 'Economics', code: '9708', level: 'cambridge-a-levels' });
    paper = (
      await bff
        .http()
        .post(`${API}/past_papers.php`)
        .set(bearer(admin.token))
        .field('subject_id', String(subject.id))
        .field('year', '2021')
        .field('session', 'Oct/Nov')
        .field('variants', JSON.stringify([{ name: 'Paper 31', version: 1 }]))
        .attach('variant_0_document_path', question, 'qp.pdf')
        .attach('variant_0_mark_scheme_path', markScheme, 'ms.docx')
        .expect(201)
    ).body.data;
    // A file no record points to: the folder is copied as it is.
    writeFileSync(join(bff.config.uploadDir, stray), pdfBytes('stray'));
  });
  afterAll(async () => {
    await bff?.close();
    await s3?.close();
  });

  it('copies every file, verifies it, and changes nothing when run again', async () => {
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.text).toMatch(/^3 file\(s\): 3 copied, 0 already there, 0 copied again/m);
    expect(first.text).toContain('1 file(s) of the folder are not referenced by any record');
    expect(first.lines.at(-1)).toBe('OK');
    expect(await s3.keys(bucket)).toEqual(uploadedFiles(bff));
    const v = paper.variants[0]!;
    expect(Buffer.compare(await s3.get(bucket, v.document_path), question)).toBe(0);
    expect(Buffer.compare(await s3.get(bucket, v.mark_scheme_path), markScheme)).toBe(0);

    const again = await run();
    expect(again.code).toBe(0);
    expect(again.text).toMatch(/^3 file\(s\): 0 copied, 3 already there, 0 copied again .*; 0\.0 MB written/m);
  });

  it('detects an object with other bytes (--verify-only fails), and a copy writes it again', async () => {
    const path = paper.variants[0]!.document_path;
    await s3.put(bucket, path, pdfBytes('tampered'));
    const check = await run('--verify-only');
    expect(check.code).toBe(1);
    expect(check.text).toContain(`MISMATCH ${path}: the object in the bucket has other bytes`);
    expect(check.lines.at(-1)).toBe('FAILED: 1 mismatched, 0 missing');

    const repair = await run();
    expect(repair.code).toBe(0);
    expect(repair.text).toMatch(/0 copied, 2 already there, 1 copied again/);
    expect(Buffer.compare(await s3.get(bucket, path), question)).toBe(0);
    expect((await run('--verify-only')).code).toBe(0);
  });

  it('refuses a local file that does not match the SHA-256 the database holds, and exits 1', async () => {
    const path = paper.variants[0]!.mark_scheme_path;
    const local = join(bff.config.uploadDir, path);
    writeFileSync(local, pdfBytes('corrupted on disk'));
    try {
      const res = await run();
      expect(res.code).toBe(1);
      expect(res.text).toContain(`MISMATCH ${path}: the local file does not match the database's SHA-256`);
      expect(Buffer.compare(await s3.get(bucket, path), markScheme)).toBe(0); // the good copy stays
    } finally {
      writeFileSync(local, markScheme);
    }
  });

  it('the product then serves the same files from the bucket (STORAGE=s3), the local folder gone', async () => {
    await bff.stop();
    rmSync(join(bff.config.uploadDir, 'papers'), { recursive: true, force: true });
    rmSync(join(bff.config.uploadDir, 'mark-schemes'), { recursive: true, force: true });
    const moved = await startTestBff({
      reuse: { dataDir: bff.dataDir, databaseUrl: bff.databaseUrl },
      env: s3.env(bucket),
    });
    try {
      const v = paper.variants[0]!;
      const res = await moved
        .http()
        .get(`${API}/past_papers.php?download_variant_id=${v.id}`)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(Buffer.compare(res.body as Buffer, question)).toBe(0);
    } finally {
      await moved.stop();
    }
  });
});
