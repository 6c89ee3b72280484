import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { SqlPool } from '../database/sql-pool';
import { Poller } from '../job-queue/job-queue';
import { ReadCache } from '../read-cache/read-cache';
import { QuestionsService } from '../questions/questions.service';
import { FileStorage } from '../storage/file-storage.service';
import { DocumentTextIndexer } from './document-text-indexer';
import { PdfTextExtractor } from './pdf-text-extractor';

/**
 * The documents' text extraction in the background of every BFF process (unless DOCUMENT_TEXT_WORKER=false): it
 * looks at the queue every DOCUMENT_TEXT_POLL_MS and reads due documents one at a time in a low-priority child
 * process, off the request path. Uploads never wait for it: the triggers only add a row to the queue.
 */
@Injectable()
export class DocumentTextWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DocumentText');
  private readonly extractor: PdfTextExtractor;
  private readonly indexer: DocumentTextIndexer;
  private readonly poller = new Poller(
    () => this.round(),
    (error: unknown) => this.logger.warn({ err: error }, 'Text extraction round failed'),
  );

  constructor(
    sql: SqlPool,
    private readonly config: AppConfig,
    cache: ReadCache,
    files: FileStorage,
    questions: QuestionsService,
  ) {
    // The connection's `pg` pool: plain `pg` results and a client of its own for each document's transaction.
    const pool = sql.pool;
    this.extractor = new PdfTextExtractor({
      timeoutMs: config.search.readTimeoutMs,
      memoryMb: config.search.readMemoryMb,
    });
    this.indexer = new DocumentTextIndexer(pool, this.extractor, {
      files,
      retryBaseMs: config.search.retryBaseMs,
      onIndexed: () => cache.searchIndexChanged(),
      // Question detection reads the positioned text once the document's text is stored; the cached public answers
      // of a paper's questions are stale from then on (as the search answers are once the text is stored).
      onRead: async (read) => {
        await questions.documentRead(read);
        cache.searchIndexChanged();
      },
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.search.extractText) this.poller.start(this.config.search.pollMs);
  }

  async onModuleDestroy(): Promise<void> {
    await this.poller.stop();
    this.extractor.close();
  }

  private async round(): Promise<void> {
    // A bounded round, so that stopping never waits for a long queue.
    const done = await this.indexer.work(20);
    if (done.failed > 0) this.logger.warn(`${done.failed} document(s) could not be read (see document_texts)`);
  }
}
