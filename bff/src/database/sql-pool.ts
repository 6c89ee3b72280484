import pg, { type Pool, type PoolConfig } from 'pg';

/**
 * The `pg` pool TypeORM's connection runs on, for code that wants plain `pg` results and clients of its own (job
 * queues, search, the background reader). TypeORM is given the `pg` module through its documented `driver` option,
 * with a Pool class that records the pool it creates: the same connections, no reaching into the driver's fields.
 */
export class SqlPool {
  private created: Pool | undefined;

  /** The `pg` module as TypeORM should load it (everything of `pg`, its pools recorded here). */
  readonly driver: typeof pg;

  constructor() {
    const record = (pool: Pool): void => {
      this.created = pool;
    };
    class RecordedPool extends pg.Pool {
      constructor(config?: PoolConfig) {
        super(config);
        record(this);
      }
    }
    // A prototype link, not a copy: `pg`'s lazy getters (its native binding) stay lazy.
    this.driver = Object.assign(Object.create(pg) as typeof pg, { Pool: RecordedPool });
  }

  /** The open pool; the database module opens it before any provider that needs it is created. */
  get pool(): Pool {
    if (!this.created) throw new Error('The database connection is not open yet');
    return this.created;
  }
}
