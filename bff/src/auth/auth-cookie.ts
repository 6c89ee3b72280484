import { Injectable } from '@nestjs/common';
import type { CookieOptions, Response } from 'express';
import { AppConfig } from '../config/app-config';

/** The cookie holding the same token as the login answer (spec section 6: a bearer token plus a cookie). */
export const AUTH_COOKIE = 'auth_token';

/**
 * Sets and clears the session cookie: HttpOnly, SameSite=Strict (never sent on a request started by another site),
 * and Secure from configuration (COOKIE_SECURE), never from a client-supplied X-Forwarded-Proto.
 */
@Injectable()
export class AuthCookies {
  private readonly options: CookieOptions;

  constructor(config: AppConfig) {
    this.options = { httpOnly: true, sameSite: 'strict', secure: config.web.cookieSecure, path: '/' };
  }

  set(res: Response, token: string, expiresAt: Date): void {
    res.cookie(AUTH_COOKIE, token, { ...this.options, expires: expiresAt });
  }

  clear(res: Response): void {
    res.clearCookie(AUTH_COOKIE, this.options);
  }
}
