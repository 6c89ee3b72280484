// @ts-check
// PGlite is one PostgreSQL session; pglite-socket shares it between many client connections by queueing their
// protocol messages. Its own queue (0.2.17) keeps one client's messages together only while a SQL transaction is
// open, so the extended-protocol messages of two clients (Parse, Bind, Execute, Sync) interleave outside
// transactions: one client's Bind meets another's Parse and the answers are errors ("unnamed prepared statement
// does not exist", "portal "" cannot be run") or, worse, another client's rows. (Upstream:
// electric-sql/pglite#977.) This queue gives the session to one client from its first message until PGlite says
// ReadyForQuery with status idle, which covers both a Parse..Sync sequence and a whole transaction.
'use strict';

const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'
/** Sync: ends an extended-protocol sequence (and its implicit transaction). */
const SYNC = Uint8Array.from([0x53, 0, 0, 0, 4]);

/** @param {string} sql a simple-protocol Query message */
function simpleQuery(sql) {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message[0] = 0x51; // 'Q'
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
}

/**
 * Follows the backend messages of one answer as they stream by and keeps the status byte of the last
 * ReadyForQuery ('I' idle, 'T' in a transaction, 'E' in a failed transaction), or null when none came.
 */
class ReadyForQueryScanner {
  constructor() {
    /** @type {number[]} */
    this.header = [];
    this.remaining = 0;
    this.inReadyForQuery = false;
    /** @type {number | null} */
    this.status = null;
  }

  /** @param {Uint8Array} chunk */
  push(chunk) {
    let i = 0;
    while (i < chunk.length) {
      if (this.remaining > 0) {
        if (this.inReadyForQuery) this.status = chunk[i] ?? null;
        const n = Math.min(this.remaining, chunk.length - i);
        this.remaining -= n;
        i += n;
        continue;
      }
      this.header.push(chunk[i++] ?? 0);
      if (this.header.length === 5) {
        const [type, a = 0, b = 0, c = 0, d = 0] = this.header;
        this.header = [];
        this.inReadyForQuery = type === READY_FOR_QUERY;
        this.remaining = ((a << 24) | (b << 16) | (c << 8) | d) - 4;
      }
    }
  }
}

/**
 * @typedef {object} QueuedMessage
 * @property {number} handlerId
 * @property {Uint8Array | null} message null: reset the session after its owner went away
 * @property {(data: Uint8Array) => void} onData
 * @property {(bytes: number) => void} resolve
 * @property {(error: unknown) => void} reject
 */

/**
 * @typedef {object} ProtocolDatabase
 * @property {<T>(callback: () => Promise<T>) => Promise<T>} runExclusive
 * @property {(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }) => Promise<unknown>} execProtocolRawStream
 */

/** A drop-in for pglite-socket's QueryQueueManager (enqueue, clearQueueForHandler, clearTransactionIfNeeded). */
class SessionQueue {
  /** @param {ProtocolDatabase} db */
  constructor(db) {
    this.db = db;
    /** @type {QueuedMessage[]} */
    this.queue = [];
    /** The client the session belongs to until it is idle again; null when anyone may go next. */
    /** @type {number | null} */
    this.owner = null;
    this.draining = false;
  }

  /**
   * @param {number} handlerId
   * @param {Uint8Array} message
   * @param {(data: Uint8Array) => void} onData
   * @returns {Promise<number>} the number of bytes answered
   */
  enqueue(handlerId, message, onData) {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.drain();
    });
  }

  getQueueLength() {
    return this.queue.length;
  }

  /** @param {number} handlerId */
  clearQueueForHandler(handlerId) {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /**
   * The client went away: if it held the session (mid-sequence or in a transaction), end its sequence and roll its
   * transaction back before anyone else goes, exactly as PostgreSQL does when a backend's connection drops.
   * @param {number} handlerId
   */
  async clearTransactionIfNeeded(handlerId) {
    if (this.owner !== handlerId) return;
    await new Promise((resolve, reject) => {
      this.queue.unshift({ handlerId, message: null, onData: () => undefined, resolve, reject });
      void this.drain();
    });
  }

  /** @private */
  async drain() {
    if (this.draining) return;
    this.draining = true;
    try {
      for (;;) {
        const index = this.owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === this.owner);
        if (index < 0 || index >= this.queue.length) return; // empty, or waiting for the owner's next message
        const item = /** @type {QueuedMessage} */ (this.queue.splice(index, 1)[0]);
        this.owner = item.handlerId;
        try {
          if (item.message === null) {
            await this.reset();
            item.resolve(0);
            continue;
          }
          let bytes = 0;
          const scanner = new ReadyForQueryScanner();
          await this.run(item.message, (data) => {
            bytes += data.length;
            scanner.push(data);
            item.onData(data);
          });
          if (scanner.status === IDLE) this.owner = null;
          item.resolve(bytes);
        } catch (error) {
          // PGlite itself failed: leave the session clean for the others.
          await this.reset().catch(() => undefined);
          item.reject(error);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * @private
   * @param {Uint8Array} message
   * @param {(data: Uint8Array) => void} onData
   */
  run(message, onData) {
    return this.db.runExclusive(() => this.db.execProtocolRawStream(message, { onRawData: onData }));
  }

  /** @private Ends any extended-protocol sequence, rolls back any transaction, and frees the session. */
  async reset() {
    const afterSync = new ReadyForQueryScanner();
    await this.run(SYNC, (data) => afterSync.push(data));
    if (afterSync.status !== IDLE) await this.run(simpleQuery('ROLLBACK'), () => undefined);
    this.owner = null;
  }
}

module.exports = { SessionQueue, ReadyForQueryScanner };
