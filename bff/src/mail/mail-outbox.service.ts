import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createTransport, type Transporter } from 'nodemailer';
import type { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';

/** After this many failed attempts a message is marked failed (about a day of retries). */
export const MAX_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 15 * 60_000;
/** A message taken by a process that died while sending is taken again after this long. */
const STUCK_AFTER = '5 minutes';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  inquiryId?: number;
}

interface Due {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Outgoing mail through an outbox table: a write enqueues its message in its own transaction (so a mail outage
 * never fails or slows the request), and a worker in every BFF process takes due messages with
 * FOR UPDATE SKIP LOCKED (each message by exactly one instance), sends them with nodemailer, and on failure tries
 * again later with exponential backoff. A sent message is never sent again. Off when SMTP_URL is not set.
 */
@Injectable()
export class MailOutbox implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {
    this.transport = config.mail.smtpUrl ? createTransport(config.mail.smtpUrl, { from: config.mail.from }) : undefined;
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
    if (!this.enabled) return;
    this.timer = setInterval(() => {
      this.running ??= this.deliverDue()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'Mail delivery round failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, this.config.mail.pollMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  /** One round: takes the due messages (and ones stuck in 'sending'), sends each, records the outcome. */
  async deliverDue(limit = 10): Promise<number> {
    if (!this.transport) return 0;
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected count].
    const answer: [Due[], number] = await this.db.query(
      `UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM mail_outbox
           WHERE (status = 'pending' AND next_attempt_at <= now())
              OR (status = 'sending' AND next_attempt_at <= now() - interval '${STUCK_AFTER}')
           ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, to_address, subject, body, attempts`,
      [limit],
    );
    const [due] = answer;
    for (const message of due) {
      try {
        await this.transport.sendMail({ to: message.to_address, subject: message.subject, text: message.body });
        await this.db.query(
          `UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1`,
          [message.id],
        );
      } catch (error) {
        const failed = message.attempts >= MAX_ATTEMPTS;
        const wait = Math.min(MAX_BACKOFF_MS, this.config.mail.retryBaseMs * 2 ** (message.attempts - 1));
        await this.db.query(
          `UPDATE mail_outbox SET status = $2, next_attempt_at = now() + ($3 || ' milliseconds')::interval,
                  last_error = $4 WHERE id = $1`,
          [message.id, failed ? 'failed' : 'pending', String(wait), describe(error)],
        );
        this.logger.warn(`Mail ${message.id} not sent (attempt ${message.attempts}): ${describe(error)}`);
      }
    }
    return due.length;
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
