import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An account that can sign in. Emails are unique regardless of case (index on lower(email)). */
@Entity({ name: 'users' })
@Check('users_role_check', "role IN ('user', 'admin')")
@Check('users_status_check', "status IN ('active', 'inactive')")
export class User {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** argon2id hash; never leaves the server. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 20, default: 'user' })
  role!: string;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  status!: string;

  /**
   * Signed into every token of this user; raising it revokes them all (password change, role or status change,
   * "sign out everywhere"). Never lowered, so a reactivated user's old tokens stay dead.
   */
  @Column({ name: 'token_version', type: 'integer', default: 0 })
  tokenVersion!: number;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
