import '../runtime-flags';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { parseArgs } from 'node:util';
import { Pool } from 'pg';
import { loadConfig } from '../config/app-config';
import { embeddedSocket, embeddedUrl, socketFolder, startEmbeddedPostgres } from '../database/embedded-postgres';
import { FileStorage } from '../storage/file-storage.service';
import { storeDetection } from '../questions/questions.service';
import { DocumentTextIndexer } from './document-text-indexer';
import { PdfTextExtractor } from './pdf-text-extractor';

/** Whether something answers on the embedded database's socket (the product is running). */
const listening = (socket: string) =>
  new Promise<boolean>((resolvePromise) => {
    if (!existsSync(socket)) return resolvePromise(false);
    const probe = createConnection(socket, () => {
      probe.destroy();
      resolvePromise(true);
    });
    probe.once('error', () => resolvePromise(false));
  });

/**
 * Every readable document gets its row if it lost it: setting a document's kind runs the database's trigger
 * (migration 1767200000000), which adds what is missing; rows that exist are read again below.
 */
const ENQUEUE_ALL_SQL = `UPDATE documents SET kind = kind WHERE NOT EXISTS (
  SELECT 1 FROM document_texts t WHERE t.document_id = documents.id)`;

/**
 * `npm run reindex [-- --failed] [--no-wait]`: reads the text of the stored documents again (all of them, or only
 * those that failed), while the product runs or not. It enqueues, then works through the queue itself beside the
 * running BFFs (each document is read by one of them) until nothing is due. The pages already found stay
 * searchable until a document's new text replaces them. Same environment as the BFF (DATABASE_URL, or the
 * embedded database in DATA_DIR; UPLOAD_DIR or the bucket of STORAGE=s3).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { failed: { type: 'boolean' }, 'no-wait': { type: 'boolean' } } });
  const config = loadConfig(process.env);
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    if (await listening(embeddedSocket(config.dataDir))) databaseUrl = embeddedUrl(socketFolder(config.dataDir));
    else {
      const embedded = await startEmbeddedPostgres(config.dataDir);
      databaseUrl = embedded.url;
      stopEmbedded = () => embedded.stop();
    }
  }
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  const extractor = new PdfTextExtractor({
    timeoutMs: config.search.readTimeoutMs,
    memoryMb: config.search.readMemoryMb,
  });
  const files = new FileStorage(config); // the disk, or the bucket (STORAGE=s3)
  try {
    await pool.query(ENQUEUE_ALL_SQL);
    const { rowCount } = await pool.query(
      `UPDATE document_texts SET status = 'pending', attempts = 0, next_attempt_at = now(), last_error = NULL,
              generation = generation + 1, updated_at = now()
        WHERE ${values.failed ? "status = 'failed'" : 'true'}`,
    );
    process.stdout.write(`${rowCount ?? 0} document(s) to read\n`);
    if (values['no-wait']) return;
    const indexer = new DocumentTextIndexer(pool, extractor, {
      files,
      retryBaseMs: config.search.retryBaseMs,
      // The questions of each document read, as the BFF's background reader stores them.
      onRead: (read) => storeDetection((sql, parameters) => pool.query(sql, parameters).then((r) => r.rows), read),
    });
    const started = Date.now();
    const total = { documents: 0, pages: 0, failed: 0 };
    for (;;) {
      const done = await indexer.work(50);
      total.documents += done.documents;
      total.pages += done.pages;
      total.failed += done.failed;
      if (done.documents === 0) break;
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(
        `${total.documents} read here, ${total.pages} pages (${Math.round(total.pages / seconds)} pages/s), ${total.failed} failed\n`,
      );
    }
    const { rows } = await pool.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM document_texts GROUP BY status ORDER BY status',
    );
    process.stdout.write(`Done: ${rows.map((r) => `${r.n} ${r.status}`).join(', ')}\n`);
  } finally {
    extractor.close();
    files.onModuleDestroy();
    await pool.end();
    await stopEmbedded?.();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
