/**
 * The project's one shape for background work kept in PostgreSQL (the mail outbox, the documents' text
 * extraction): a table whose rows carry `status`, `attempts`, `next_attempt_at` and `last_error`. Any number of
 * processes take due rows with FOR UPDATE SKIP LOCKED (each row by exactly one of them), mark them as being worked
 * on, and record the outcome: done, again later with exponential backoff, or failed for good after too many
 * attempts. A row whose worker died is taken again once its lease has run out, unless it has had
 * `maxLeasedAttempts` attempts already: then it is marked failed (a row that kills its worker must not do so forever).
 */

/** The part of `pg`'s Pool / Client this needs (TypeORM's driver pool, or a Pool of a command-line tool). */
export interface SqlClient {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

export interface JobQueueOptions {
  /** A trusted identifier (never user input). */
  table: string;
  /** The status of a row being worked on ('sending', 'working'). */
  workingStatus: string;
  /** The status of a row done with ('sent', 'done'). */
  doneStatus: string;
  /** After this many failed attempts a row is marked failed. */
  maxAttempts: number;
  /** The first retry's wait; each further one doubles it, up to maxBackoffMs. */
  retryBaseMs: number;
  maxBackoffMs: number;
  /** A row still being worked on after this long (its worker died) is taken again. */
  leaseMs: number;
  /**
   * A row whose lease ran out after this many attempts is marked failed instead of taken again (default:
   * maxAttempts). Lower it where a worker that dies may have died of the row itself.
   */
  maxLeasedAttempts?: number;
  /**
   * Which due rows go first: the longest waiting (default: a mail outbox keeps its order), or the most recently due,
   * where a backlog must not hold back what someone is waiting for now. Rows made due together (one transaction: a
   * seed, an import, a reindex) share their `next_attempt_at` and keep their id order either way.
   */
  order?: 'oldest-first' | 'newest-first';
}

export interface ClaimedJob {
  id: number;
  attempts: number;
}

export type FailureOutcome = 'retry' | 'failed';

export class JobQueue {
  constructor(private readonly options: JobQueueOptions) {}

  /**
   * Takes up to `limit` due rows (and rows whose lease ran out), marks them as being worked on with a fresh lease
   * and one more attempt, and returns them with the `columns` asked for (trusted SQL).
   */
  async claim<R extends ClaimedJob>(db: SqlClient, limit: number, columns: string): Promise<R[]> {
    const { table, workingStatus, leaseMs } = this.options;
    const maxLeased = this.options.maxLeasedAttempts ?? this.options.maxAttempts;
    await db.query(
      `UPDATE ${table} SET status = 'failed',
              last_error = 'Its worker stopped while working on it (' || attempts || ' attempt(s)); not tried again'
        WHERE status = '${workingStatus}' AND next_attempt_at <= now() - ($1 || ' milliseconds')::interval
          AND attempts >= $2`,
      [String(leaseMs), maxLeased],
    );
    const { rows } = await db.query<R>(
      `UPDATE ${table} SET status = '${workingStatus}', attempts = attempts + 1, next_attempt_at = now()
        WHERE id IN (
          SELECT id FROM ${table}
           WHERE (status = 'pending' AND next_attempt_at <= now())
              OR (status = '${workingStatus}' AND next_attempt_at <= now() - ($2 || ' milliseconds')::interval)
           ORDER BY ${this.options.order === 'newest-first' ? 'next_attempt_at DESC, id' : 'next_attempt_at, id'}
           LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, attempts, ${columns}`,
      [limit, String(this.options.leaseMs)],
    );
    return rows;
  }

  /**
   * The row is done; `set` adds trusted assignments and `where` a trusted condition, with parameters from $2 on.
   * False when `where` did not hold (nothing was changed).
   */
  async complete(db: SqlClient, id: number, set = '', values: unknown[] = [], where = ''): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE ${this.options.table} SET status = '${this.options.doneStatus}', last_error = NULL${set ? `, ${set}` : ''}
        WHERE id = $1${where ? ` AND ${where}` : ''}`,
      [id, ...values],
    );
    return (rowCount ?? 0) > 0;
  }

  /**
   * Records a failed attempt: tried again after the backoff, or marked failed once the attempts are used up (or at
   * once when `permanent`: trying again cannot help).
   */
  async fail(db: SqlClient, job: ClaimedJob, error: string, permanent = false): Promise<FailureOutcome> {
    const failed = permanent || job.attempts >= this.options.maxAttempts;
    await db.query(
      `UPDATE ${this.options.table} SET status = $2, next_attempt_at = now() + ($3 || ' milliseconds')::interval,
              last_error = $4 WHERE id = $1`,
      [job.id, failed ? 'failed' : 'pending', String(this.backoffMs(job.attempts)), error.slice(0, 500)],
    );
    return failed ? 'failed' : 'retry';
  }

  /** The wait before attempt `attempts + 1`. */
  backoffMs(attempts: number): number {
    return Math.min(this.options.maxBackoffMs, this.options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  }
}

/**
 * Runs `round` every `intervalMs` in the background, never two rounds at once; `stop` waits for the current one.
 * A round that throws is reported and the next one runs as usual.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly round: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(intervalMs: number): void {
    this.stopped = false;
    this.timer = setInterval(() => this.runOnce(), intervalMs);
    this.timer.unref();
  }

  /** Starts a round now unless one is running (a write that just enqueued work need not wait for the timer). */
  runOnce(): void {
    if (this.stopped) return;
    this.running ??= this.round()
      .then(() => undefined)
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
