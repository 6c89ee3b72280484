import type { CookieOptions, Request, Response } from 'express';

/** The cookie holding the same token as the login answer (spec section 6: a bearer token plus a cookie). */
export const AUTH_COOKIE = 'auth_token';

function options(req: Request): CookieOptions {
  // req.secure honours X-Forwarded-Proto from the loopback gateway (trust proxy).
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' };
}

export function setAuthCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(AUTH_COOKIE, token, { ...options(req), expires: expiresAt });
}

export function clearAuthCookie(req: Request, res: Response): void {
  res.clearCookie(AUTH_COOKIE, options(req));
}
