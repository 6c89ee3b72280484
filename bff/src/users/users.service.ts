import { assertUnchanged, type ExpectedVersion } from '../common/edit-version';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import { isUniqueViolation } from '../common/database-errors';
import { ValidationFailedException } from '../common/validation';
import type { ResetPasswordDto } from './dto/password-fields';
import type { CreateUserDto, UpdateUserDto } from './dto/user.dto';
import { hashPassword } from './password';
import { passwordProblem } from './password-policy';
import { User } from './user.entity';
import { toUserView, type UserView } from './user.view';

export const DUPLICATE_EMAIL = 'A user with this email already exists';
export const OWN_PASSWORD_HERE = 'Change your own password with your current password (Change password)';

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<UserView[]> {
    const users = await this.db.getRepository(User).find({ order: { name: 'ASC', id: 'ASC' } });
    return users.map(toUserView);
  }

  async findById(id: number): Promise<UserView> {
    const user = await this.db.getRepository(User).findOneBy({ id });
    if (!user) throw new NotFoundException('User not found');
    return toUserView(user);
  }

  async create(actor: AuthUser, dto: CreateUserDto): Promise<UserView> {
    const email = dto.email.toLowerCase();
    const passwordHash = await hashPassword(dto.password);
    return this.conflictsAsDuplicateEmail(() =>
      this.db.transaction(async (tx) => {
        await this.assertEmailFree(tx, email);
        const user = await tx.save(
          tx.create(User, {
            name: dto.name,
            email,
            passwordHash,
            role: dto.role ?? 'user',
            status: dto.status ?? 'active',
          }),
        );
        await this.audit.record(tx, actor, 'create', 'user', user.id, `Created user ${user.name} (${email})`);
        return toUserView(user);
      }),
    );
  }

  async update(actor: AuthUser, id: number, dto: UpdateUserDto, expected: ExpectedVersion): Promise<UserView> {
    const email = dto.email.toLowerCase();
    return this.conflictsAsDuplicateEmail(() =>
      this.db.transaction(async (tx) => {
        await lockUserAndActiveAdmins(tx, id);
        const user = await tx.findOneBy(User, { id });
        if (!user) throw new NotFoundException('User not found');
        assertUnchanged(user.updatedAt, expected);
        const role = dto.role ?? user.role;
        const status = dto.status ?? user.status;
        if (user.role === 'admin' && user.status === 'active' && (role !== 'admin' || status !== 'active')) {
          await this.assertAnotherActiveAdmin(tx, id, role !== 'admin' ? 'demoted' : 'deactivated');
        }
        if (email !== user.email.toLowerCase()) await this.assertEmailFree(tx, email, id);
        // A role or status change revokes every token of the user: old tokens never come back on reactivation.
        const revoke = role !== user.role || status !== user.status;
        await tx.update(User, { id }, { name: dto.name, email, role, status });
        if (revoke) await tx.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [id]);
        await this.audit.record(tx, actor, 'update', 'user', id, `Updated user ${dto.name} (${email})`);
        return toUserView((await tx.findOneBy(User, { id }))!);
      }),
    );
  }

  /**
   * An admin sets another user's password (the console's "Reset password" action). Every token of that user is
   * revoked. Admins change their own password with the current one (POST /auth_password.php), not here.
   */
  async resetPassword(actor: AuthUser, id: number, dto: ResetPasswordDto): Promise<UserView> {
    if (id === actor.id) throw new ConflictException(OWN_PASSWORD_HERE);
    const user = await this.db.getRepository(User).findOneBy({ id });
    if (!user) throw new NotFoundException('User not found');
    const problem = passwordProblem(dto.password, [user.name, user.email]);
    if (problem) throw ValidationFailedException.single('password', problem);
    const passwordHash = await hashPassword(dto.password);
    return this.db.transaction(async (tx) => {
      const result: [unknown[], number] = await tx.query(
        'UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1',
        [id, passwordHash],
      );
      if (result[1] === 0) throw new NotFoundException('User not found');
      await this.audit.record(tx, actor, 'update', 'user', id, `Reset the password of ${user.name} (${user.email})`);
      return toUserView((await tx.findOneBy(User, { id }))!);
    });
  }

  async remove(actor: AuthUser, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockUserAndActiveAdmins(tx, id);
      const user = await tx.findOneBy(User, { id });
      if (!user) throw new NotFoundException('User not found');
      if (user.role === 'admin' && user.status === 'active') await this.assertAnotherActiveAdmin(tx, id, 'deleted');
      await tx.delete(User, { id });
      await this.audit.record(tx, actor, 'delete', 'user', id, `Deleted user ${user.name} (${user.email})`);
    });
  }

  /**
   * The last active admin can be neither deleted, deactivated nor demoted. The active admins are locked (by
   * lockUserAndActiveAdmins), so two admins demoting each other at the same time cannot both succeed.
   */
  private async assertAnotherActiveAdmin(
    tx: EntityManager,
    id: number,
    change: 'deleted' | 'deactivated' | 'demoted',
  ): Promise<void> {
    const admins: Array<{ id: number }> = await tx.query(
      `SELECT id FROM users WHERE role = 'admin' AND status = 'active' ORDER BY id`,
    );
    if (!admins.some((a) => a.id !== id)) {
      throw new ConflictException(`The last active admin cannot be ${change}`);
    }
  }

  private async assertEmailFree(tx: EntityManager, email: string, exceptId?: number): Promise<void> {
    const rows: Array<{ id: number }> = await tx.query('SELECT id FROM users WHERE lower(email) = $1', [email]);
    if (rows.some((r) => r.id !== exceptId)) throw new ConflictException(DUPLICATE_EMAIL);
  }

  /** Two creates racing past the check both reach the unique index: the loser hears the same 409. */
  private async conflictsAsDuplicateEmail<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_uq')) throw new ConflictException(DUPLICATE_EMAIL);
      throw error;
    }
  }
}

/**
 * Locks the user being changed and every active admin, in one statement and in id order: two changes racing each
 * other take their locks in the same order, so one waits for the other instead of deadlocking (two admins demoting
 * each other used to end in a deadlock, answered 500).
 */
async function lockUserAndActiveAdmins(tx: EntityManager, id: number): Promise<void> {
  await tx.query(
    `SELECT id FROM users WHERE id = $1 OR (role = 'admin' AND status = 'active') ORDER BY id FOR UPDATE`,
    [id],
  );
}
