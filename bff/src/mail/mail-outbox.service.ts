import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { SqlPool } from '../database/sql-pool';
import { JobQueue, Poller, type ClaimedJob, type SqlClient } from '../job-queue/job-queue';

/** After this many failed attempts a message is marked failed (about a day of retries). */
export const MAX_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 15 * 60_000;
/** A message taken by a process that died while sending is taken again after this long. */
const LEASE_MS = 5 * 60_000;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  inquiryId?: number;
}

interface Due extends ClaimedJob {
  to_address: string;
  subject: string;
  body: string;
}

/**
 * Outgoing mail through an outbox table: a write enqueues its message in its own transaction (so a mail outage
 * never fails or slows the request), and a worker in every BFF process takes due messages with
 * FOR UPDATE SKIP LOCKED (each message by exactly one instance), sends them with nodemailer, and on failure tries
 * again later with exponential backoff (job-queue/). A sent message is never sent again. Off when SMTP_URL is not set.
 */
@Injectable()
export class MailOutbox implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | undefined;
  private readonly queue: JobQueue;
  private readonly poller = new Poller(
    () => this.deliverDue(),
    (error: unknown) => this.logger.warn({ err: error }, 'Mail delivery round failed'),
  );

  constructor(
    private readonly sql: SqlPool,
    private readonly config: AppConfig,
  ) {
    this.transport = config.mail.smtpUrl ? createTransport(config.mail.smtpUrl, { from: config.mail.from }) : undefined;
    this.queue = new JobQueue({
      table: 'mail_outbox',
      workingStatus: 'sending',
      doneStatus: 'sent',
      maxAttempts: MAX_ATTEMPTS,
      retryBaseMs: config.mail.retryBaseMs,
      maxBackoffMs: MAX_BACKOFF_MS,
      leaseMs: LEASE_MS,
    });
  }

  /** The connection's `pg` pool: plain `pg` results (TypeORM's query() shapes UPDATE ... RETURNING differently). */
  private get pool(): SqlClient {
    return this.sql.pool;
  }

  get enabled(): boolean {
    return this.transport !== undefined;
  }

  /** Adds a message to the outbox inside the caller's transaction; nothing is queued while mail is off. */
  async enqueue(tx: EntityManager, mail: OutgoingMail): Promise<void> {
    if (!this.enabled) return;
    await tx.query('INSERT INTO mail_outbox (inquiry_id, to_address, subject, body) VALUES ($1, $2, $3, $4)', [
      mail.inquiryId ?? null,
      mail.to,
      mail.subject.slice(0, 300),
      mail.text,
    ]);
  }

  onApplicationBootstrap(): void {
    if (this.enabled) this.poller.start(this.config.mail.pollMs);
  }

  async onModuleDestroy(): Promise<void> {
    await this.poller.stop();
    this.transport?.close();
  }

  /** One round: takes the due messages (and ones stuck in 'sending'), sends each, records the outcome. */
  async deliverDue(limit = 10): Promise<number> {
    if (!this.transport) return 0;
    const due = await this.queue.claim<Due>(this.pool, limit, 'to_address, subject, body');
    for (const message of due) {
      try {
        await this.transport.sendMail({ to: message.to_address, subject: message.subject, text: message.body });
        await this.queue.complete(this.pool, message.id, 'sent_at = now()');
      } catch (error) {
        await this.queue.fail(this.pool, message, describe(error));
        this.logger.warn(`Mail ${message.id} not sent (attempt ${message.attempts}): ${describe(error)}`);
      }
    }
    return due.length;
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
