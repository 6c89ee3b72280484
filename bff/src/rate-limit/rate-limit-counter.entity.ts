import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Public writes counted per action and client in fixed windows (see PublicWriteLimiter). */
@Entity({ name: 'rate_limits' })
@Index('rate_limits_window_idx', ['windowStart'])
export class RateLimitCounter {
  /** sha256 hex of "<action>:<client address>". */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key!: string;

  @Column({ name: 'window_start', type: 'timestamptz' })
  windowStart!: Date;

  @Column({ type: 'integer' })
  count!: number;
}
