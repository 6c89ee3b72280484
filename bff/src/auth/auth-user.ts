import type { UserRole, UserStatus } from '../common/domain-values';

/** The signed-in user of a request, as checked against the database on every request. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  /** The token's id (revoked on logout) and expiry. */
  jti: string;
  expiresAt: Date;
}

/** The claims of our JWTs. */
export interface TokenClaims {
  sub: number;
  jti: string;
  /** The user's token_version when signed (absent in tokens from before versions: version 0). */
  ver?: number;
  exp: number;
  iat: number;
}
