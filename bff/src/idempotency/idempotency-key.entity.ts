import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A create's answer kept under the client's Idempotency-Key for 24 hours (see IdempotencyInterceptor). */
@Entity({ name: 'idempotency_keys' })
@Index('idempotency_keys_created_idx', ['createdAt'])
export class IdempotencyKey {
  /** sha256 hex of who sent it: the signed-in user, else the client address. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  scope!: string;

  @PrimaryColumn({ type: 'varchar', length: 200 })
  key!: string;

  /** sha256 hex of the method, path and body: the same key with another request is refused. */
  @Column({ type: 'varchar', length: 64 })
  fingerprint!: string;

  /** Null while the first request is still running. */
  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  body!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
