import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { UserRole, UserStatus } from '../common/domain-values';
import { User } from '../users/user.entity';
import { hashPassword, needsRehash, verifyPassword } from '../users/password';
import { toUserView, type UserView } from '../users/user.view';
import type { AuthUser, TokenClaims } from './auth-user';
import type { LoginDto } from './dto/login.dto';
import { LoginThrottle } from './login-throttle';

/** How long a sign-in lasts. */
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
export const INVALID_CREDENTIALS = 'Invalid email or password';

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
  ) {}

  /** Inactive users and wrong credentials get the same 401; repeated failures from one client get 429. */
  async login(dto: LoginDto, client: string): Promise<Session> {
    this.throttle.assertAllowed(client);
    const user = await this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email: dto.email })
      .getOne();
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await this.decoyHash), dto.password);
    if (!user || !passwordOk || user.status !== 'active') {
      this.throttle.recordFailure(client);
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    this.throttle.recordSuccess(client);
    const rehash = needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(dto.password) } : {};
    await this.db.getRepository(User).update(user.id, { lastLoginAt: new Date(), ...rehash });
    const jti = randomUUID();
    const token = await this.jwt.signAsync({ sub: user.id, jti }, { expiresIn: TOKEN_LIFETIME_SECONDS });
    const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_SECONDS * 1000);
    return { token, expiresAt, user: toUserView(user) };
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

  /**
   * The user behind verified token claims, or null when the token was revoked, the user was deleted or made
   * inactive. One query per request.
   */
  async userForToken(claims: TokenClaims): Promise<AuthUser | null> {
    if (!Number.isInteger(claims.sub) || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return null;
    const rows: Array<{ id: number; name: string; email: string; role: UserRole; status: UserStatus }> =
      await this.db.query(
        `SELECT u.id, u.name, u.email, u.role, u.status FROM users u
        WHERE u.id = $1 AND u.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $2)`,
        [claims.sub, claims.jti],
      );
    const row = rows[0];
    if (!row) return null;
    return { ...row, jti: claims.jti, expiresAt: new Date(claims.exp * 1000) };
  }
}
