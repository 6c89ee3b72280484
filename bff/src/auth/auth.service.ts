import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { UserRole, UserStatus } from '../common/domain-values';
import { User } from '../users/user.entity';
import { AuditService } from '../audit/audit.service';
import { ValidationFailedException } from '../common/validation';
import { hashPassword, needsRehash, verifyPassword } from '../users/password';
import { checkSetupToken, consumeSetupToken, SETUP_LINK_INVALID } from '../users/first-admin-setup';
import { passwordProblem } from '../users/password-policy';
import { toUserView, type UserView } from '../users/user.view';
import type { AuthUser, TokenClaims } from './auth-user';
import type { ChangePasswordDto } from './dto/change-password.dto';
import type { LoginDto } from './dto/login.dto';
import type { SetupPasswordDto } from './dto/setup-password.dto';
import { LoginThrottle } from './login-throttle';

/** How long a sign-in lasts. */
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

export interface Session {
  token: string;
  expiresAt: Date;
  user: UserView;
}

@Injectable()
export class AuthService {
  /** Verified when the email is unknown, so a wrong email costs as long as a wrong password. */
  private readonly decoyHash: Promise<string> = hashPassword(randomBytes(16).toString('hex'));

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly jwt: JwtService,
    private readonly throttle: LoginThrottle,
    private readonly audit: AuditService,
  ) {}

  /** Inactive users and wrong credentials get the same 401; repeated failures get 429 (see LoginThrottle). */
  async login(dto: LoginDto, client: string): Promise<Session> {
    const attempt = await this.throttle.reserve(dto.email, client);
    const user = await this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email: dto.email })
      .getOne();
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await this.decoyHash), dto.password);
    if (!user || !passwordOk || user.status !== 'active') {
      throw new UnauthorizedException(INVALID_CREDENTIALS); // the reservation stays counted as a failure
    }
    await attempt.succeeded();
    const rehash = needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(dto.password) } : {};
    await this.db.getRepository(User).update(user.id, { lastLoginAt: new Date(), ...rehash });
    return this.sessionFor(user);
  }

  /** A new token for the user at their current token version. */
  async sessionFor(user: User): Promise<Session> {
    const jti = randomUUID();
    const token = await this.jwt.signAsync(
      { sub: user.id, jti, ver: user.tokenVersion },
      { expiresIn: TOKEN_LIFETIME_SECONDS },
    );
    const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_SECONDS * 1000);
    return { token, expiresAt, user: toUserView(user) };
  }

  /**
   * A signed-in user changes their own password: the current one must be right. Every token of the user is revoked
   * (token version); the answer carries a fresh session for this browser.
   */
  async changeOwnPassword(actor: AuthUser, dto: ChangePasswordDto): Promise<Session> {
    const user = await this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id: actor.id })
      .getOne();
    if (!user) throw ValidationFailedException.single('currentPassword', CURRENT_PASSWORD_WRONG);
    const check = await this.throttle.reserveCurrentPassword(user.id);
    if (!(await verifyPassword(user.passwordHash, dto.currentPassword))) {
      throw ValidationFailedException.single('currentPassword', CURRENT_PASSWORD_WRONG); // stays counted
    }
    await check.succeeded();
    const problem = passwordProblem(dto.password, [user.name, user.email]);
    if (problem) throw ValidationFailedException.single('password', problem);
    const passwordHash = await hashPassword(dto.password);
    const updated = await this.db.transaction(async (tx) => {
      await tx.query('UPDATE users SET password_hash = $2, token_version = token_version + 1 WHERE id = $1', [
        user.id,
        passwordHash,
      ]);
      await this.audit.record(tx, actor, 'update', 'user', user.id, `Changed own password (${user.email})`);
      return (await tx.findOneBy(User, { id: user.id }))!;
    });
    return this.sessionFor(updated);
  }

  /**
   * Completes the first admin's one-time setup: sets the password, uses the link up, and signs the admin in. The
   * token is checked first, so a guessed token costs one read: neither the password's strength nor its hash is
   * worked out for it.
   */
  async completeFirstAdminSetup(dto: SetupPasswordDto): Promise<Session> {
    const userId = await checkSetupToken(this.db.manager, dto.token);
    const admin =
      userId === null ? null : await this.db.getRepository(User).findOneBy({ id: userId, status: 'active' });
    if (!admin) throw ValidationFailedException.single('token', SETUP_LINK_INVALID);
    const problem = passwordProblem(dto.password, [admin.name, admin.email]);
    if (problem) throw ValidationFailedException.single('password', problem);
    const passwordHash = await hashPassword(dto.password);
    const user = await this.db.transaction(async (tx) => {
      // Used up by a parallel request meanwhile: the same answer as a wrong link.
      if ((await consumeSetupToken(tx, dto.token)) !== admin.id) {
        throw ValidationFailedException.single('token', SETUP_LINK_INVALID);
      }
      await tx.query('UPDATE users SET password_hash = $2, token_version = token_version + 1 WHERE id = $1', [
        admin.id,
        passwordHash,
      ]);
      await this.audit.record(
        tx,
        { id: admin.id },
        'update',
        'user',
        admin.id,
        `Chose the first admin password (${admin.email})`,
      );
      return (await tx.findOneBy(User, { id: admin.id }))!;
    });
    return this.sessionFor(user);
  }

  /** Revokes every token of the user, on every device (the token version goes up). */
  async logoutEverywhere(user: AuthUser): Promise<void> {
    await this.db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [user.id]);
  }

  /** Revokes the token on the server: from now on it fails everywhere (checked on every request). */
  async logout(user: AuthUser): Promise<void> {
    await this.db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING', [
      user.jti,
      user.expiresAt,
    ]);
    // Revocations of expired tokens are no longer needed: their signature check fails anyway.
    await this.db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
  }

  /** The user a raw token (bearer or cookie) belongs to, for routes outside Nest's guards (the API docs). */
  async userForRawToken(token: string): Promise<AuthUser | null> {
    const claims = await this.jwt.verifyAsync<TokenClaims>(token, { algorithms: ['HS256'] }).catch(() => null);
    return claims ? this.userForToken(claims) : null;
  }

  /**
   * The user behind verified token claims, or null when the token was revoked (signed out, or an older token
   * version), the user was deleted or made inactive. One query per request.
   */
  async userForToken(claims: TokenClaims): Promise<AuthUser | null> {
    if (!Number.isInteger(claims.sub) || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return null;
    const version = claims.ver ?? 0;
    if (!Number.isInteger(version)) return null;
    const rows: Array<{ id: number; name: string; email: string; role: UserRole; status: UserStatus }> =
      await this.db.query(
        `SELECT u.id, u.name, u.email, u.role, u.status FROM users u
        WHERE u.id = $1 AND u.status = 'active' AND u.token_version = $3
          AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $2)`,
        [claims.sub, claims.jti, version],
      );
    const row = rows[0];
    if (!row) return null;
    return { ...row, jti: claims.jti, expiresAt: new Date(claims.exp * 1000) };
  }
}
