import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Failed sign-ins counted per key: one row per account (a hash of the lower-cased email) and one per client (a hash
 * of the address). Shared by every BFF instance on the database. Rows are deleted only once their window has passed
 * and no back-off is running, never to make room.
 */
@Entity({ name: 'login_attempts' })
@Index('login_attempts_updated_idx', ['updatedAt'])
export class LoginAttempt {
  /** sha256 hex of "account:<email>" or "client:<address>". */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key!: string;

  @Column({ type: 'integer', default: 0 })
  failures!: number;

  /** No attempt for this key is evaluated before this time. */
  @Column({ name: 'blocked_until', type: 'timestamptz' })
  blockedUntil!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
