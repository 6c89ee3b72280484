import { readdir, stat } from 'node:fs/promises';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ImportStaging } from './import-staging';

/** An import nobody touched for this long is abandoned: it goes, with its staged files. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60_000;
const ROUND_EVERY_MS = 60 * 60_000;
const BATCH = 20;

/**
 * Removes abandoned imports (no upload, correction or commit for a day) and their staged files, hourly and at start.
 * Several BFF instances may run it at once: each import is taken with FOR UPDATE SKIP LOCKED, so exactly one
 * instance removes it; an import being committed is never taken (its row is not idle). Staging folders that no
 * import owns any more (a process stopped between the commit of a delete and the removal of the folder) go too once
 * they are as old.
 */
@Injectable()
export class ImportCleanup implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ImportCleanup');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly staging: ImportStaging,
  ) {}

  onApplicationBootstrap(): void {
    const round = () => {
      this.running ??= this.cleanUp()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'Import clean-up failed'))
        .finally(() => {
          this.running = undefined;
        });
    };
    setImmediate(round).unref();
    this.timer = setInterval(round, ROUND_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One round; returns how many imports it removed. */
  async cleanUp(): Promise<number> {
    let removed = 0;
    for (;;) {
      const ids = await this.db.transaction(async (tx) => {
        const rows: Array<{ id: number }> = await tx.query(
          `SELECT id FROM imports WHERE updated_at < now() - ($1 || ' milliseconds')::interval
            ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
          [String(ABANDONED_AFTER_MS)],
        );
        const taken = rows.map((r) => r.id);
        if (taken.length === 0) return taken;
        // Files first: if this fails the rows stay and the next round tries again.
        for (const id of taken) await this.staging.removeImport(id);
        await tx.query('DELETE FROM imports WHERE id = ANY($1)', [taken]);
        return taken;
      });
      removed += ids.length;
      if (ids.length < BATCH) break;
    }
    await this.sweepOrphans();
    if (removed > 0) this.logger.log(`Removed ${removed} abandoned import(s) and their staged files`);
    return removed;
  }

  private async sweepOrphans(): Promise<void> {
    const names = await readdir(this.staging.root).catch(() => [] as string[]);
    const ids = names.filter((n) => /^\d{1,9}$/.test(n)).map(Number);
    if (ids.length === 0) return;
    const rows: Array<{ id: number }> = await this.db.query('SELECT id FROM imports WHERE id = ANY($1)', [ids]);
    const owned = new Set(rows.map((r) => r.id));
    for (const id of ids) {
      if (owned.has(id)) continue;
      const info = await stat(this.staging.folderOf(id)).catch(() => null);
      if (info && Date.now() - info.mtimeMs > ABANDONED_AFTER_MS) await this.staging.removeImport(id);
    }
  }
}
