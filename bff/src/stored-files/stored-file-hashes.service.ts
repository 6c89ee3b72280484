import { createHash } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FileStorage } from '../storage/file-storage.service';

const BATCH = 25;
/**
 * Between two batches the back-fill rests as long as the last batch took: hashing a large library takes at most half
 * of one core's time from the visitors it shares the machine with.
 */
const REST_PER_WORK = 1;
/** After the back-fill is done, new rows always carry their hash: a rare look is enough (files restored by hand). */
const ROUND_EVERY_MS = 60 * 60_000;

/**
 * Documents stored before hashes were kept get their SHA-256 here, read from the files themselves (the migration that
 * added the columns cannot: it does not know UPLOAD_DIR). It runs after start-up, in the background, a batch at a
 * time; each batch's rows are taken with FOR UPDATE SKIP LOCKED, so with several BFF instances every row is hashed by
 * one of them. A document whose file is missing is skipped (it keeps a null hash and says so on the details page).
 */
@Injectable()
export class StoredFileHashes implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('StoredFileHashes');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  private wakeFromRest: () => void = () => undefined;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: FileStorage,
  ) {}

  onApplicationBootstrap(): void {
    const round = () => {
      this.running ??= this.backfill()
        .catch((error: unknown) => {
          this.logger.warn({ err: error }, 'Hash back-fill round failed');
          return 0;
        })
        .finally(() => {
          this.running = undefined;
        });
    };
    setImmediate(round).unref();
    this.timer = setInterval(round, ROUND_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.wakeFromRest();
    await this.running;
  }

  /** Hashes every stored file that has no hash yet; returns how many it hashed. */
  async backfill(): Promise<number> {
    let hashed = 0;
    let after = 0;
    while (!this.stopped) {
      const started = performance.now();
      const batch = await this.db.transaction(async (tx) => {
        const rows: Array<{ id: number; path: string }> = await tx.query(
          `SELECT id, storage_key AS path FROM documents WHERE sha256 IS NULL AND id > $1
            ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
          [after],
        );
        for (const row of rows) {
          const sha256 = await this.hashOf(row.path);
          if (sha256) {
            await tx.query(`UPDATE documents SET sha256 = $2 WHERE id = $1`, [row.id, sha256]);
            hashed++;
          }
        }
        return rows;
      });
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1]!.id;
      await this.rest((performance.now() - started) * REST_PER_WORK);
    }
    if (hashed > 0) this.logger.log(`Computed the SHA-256 of ${hashed} stored file(s)`);
    return hashed;
  }

  /** Waits `ms`, or less when the module stops. */
  private rest(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeFromRest = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async hashOf(path: string): Promise<string | null> {
    if (!FileStorage.isStoredPath(path)) return null; // an external link (mark schemes' fileUrl)
    const hash = createHash('sha256');
    try {
      for await (const chunk of await this.storage.open(path)) hash.update(chunk as Buffer);
    } catch {
      return null; // missing (or the store is away: tried again next round)
    }
    return hash.digest('hex');
  }
}
