import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A signed-out token (by its jti). Rows past expires_at can be purged. */
@Entity({ name: 'revoked_tokens' })
@Index('revoked_tokens_expires_idx', ['expiresAt'])
export class RevokedToken {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  jti!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
