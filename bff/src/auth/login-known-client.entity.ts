import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An address that signed in to an account with its password (one row per account and address, hashed): while many
 * addresses fail on the account, attempts from a known address are not held back by the account's wait (see
 * LoginThrottle). Kept for 30 days after its last sign-in.
 */
@Entity({ name: 'login_known_clients' })
@Index('login_known_clients_signed_in_idx', ['signedInAt'])
export class LoginKnownClient {
  /** sha256 hex of "known:<lower-cased email>:<address>". */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key!: string;

  @Column({ name: 'signed_in_at', type: 'timestamptz' })
  signedInAt!: Date;
}
