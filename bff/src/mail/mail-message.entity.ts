import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One e-mail to send, kept until it is sent (the outbox: a mail outage loses nothing). */
@Entity({ name: 'mail_outbox' })
@Index('mail_outbox_due_idx', ['status', 'nextAttemptAt'])
@Index('mail_outbox_inquiry_idx', ['inquiryId'])
export class MailMessage {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The inquiry it tells about (its notification status shows in the admin inquiries). */
  @Column({ name: 'inquiry_id', type: 'int', nullable: true })
  inquiryId!: number | null;

  @Column({ name: 'to_address', type: 'varchar', length: 320 })
  toAddress!: string;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: MailStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
