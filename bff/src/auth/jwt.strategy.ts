import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../config/app-config';
import { AUTH_COOKIE } from './auth-cookie';
import { signingKeyOf } from './signing-key';
import type { AuthUser, TokenClaims } from './auth-user';
import { AuthService } from './auth.service';

const fromCookie = (req: Request): string | null => {
  const cookies = (req as Request & { cookies?: Record<string, unknown> }).cookies;
  const value = cookies?.[AUTH_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : null;
};

/** Reads the bearer header, else the auth_token cookie; the signature, expiry and the database decide. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    private readonly auth: AuthService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), fromCookie]),
      // A key object made once (see signingKeyOf); passport-jwt hands it to jsonwebtoken's verify unchanged, which
      // takes a KeyObject although passport-jwt's typings only name string and Buffer.
      secretOrKey: signingKeyOf(config.jwtSecret) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(claims: TokenClaims): Promise<AuthUser | false> {
    return (await this.auth.userForToken(claims)) ?? false;
  }
}

/** True when the request carries a credential at all (anonymous requests to public routes skip passport). */
export function hasCredential(req: Request): boolean {
  return typeof req.headers.authorization === 'string' || fromCookie(req) !== null;
}
