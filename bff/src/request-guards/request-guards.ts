import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { NUL_REFUSED } from './json-structure';

export const CROSS_SITE_REFUSED = 'Cross-site request refused';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const refuse = (res: Response, status: number, error: string) => {
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json({ error });
};

/** A NUL character anywhere in the URL (`%00`, raw or in the query) is a 400: PostgreSQL text cannot hold it. */
export const refuseNulInUrl: RequestHandler = (req, res, next) => {
  if (/%00|\0/i.test(req.originalUrl)) return refuse(res, 400, NUL_REFUSED);
  next();
};

/**
 * CSRF: a write (POST, PUT, PATCH, DELETE) from a browser must come from this site's own pages. A request carrying
 * the bearer header (the console's client always sends it; another site cannot) passes. Otherwise the browser's
 * `Origin` must be this origin (scheme, host and port as the client addressed it) or one of `allowedOrigins`, and
 * `Sec-Fetch-Site`, when sent, must say same-origin or none (typed in the address bar). Requests with neither header
 * are not from a browser page and carry no ambient credential worth forging. This covers cookie-authenticated admin
 * writes, login CSRF (a cross-site form signing the browser in) and cross-site posts of the contact form.
 */
export function sameOriginWrites(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => o.toLowerCase()));
  return (req: Request, res: Response, next: NextFunction) => {
    if (!UNSAFE.has(req.method) || /^Bearer\s+\S/i.test(req.headers.authorization ?? '')) return next();
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const own = `${req.protocol}://${req.headers.host ?? ''}`.toLowerCase();
      if (origin.toLowerCase() !== own && !allowed.has(origin.toLowerCase())) {
        return refuse(res, 403, CROSS_SITE_REFUSED);
      }
      return next();
    }
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return refuse(res, 403, CROSS_SITE_REFUSED);
    next();
  };
}

/**
 * Answers that depend on who asks are never stored by a browser or a shared cache: every request carrying a
 * credential (bearer header or session cookie) and every sign-in answer gets `Cache-Control: no-store`. Handlers
 * that send files set their own header after this one.
 */
export const noStoreForPrivate: RequestHandler = (req, res, next) => {
  const credential = req.headers.authorization !== undefined || /(?:^|;\s*)auth_token=/.test(req.headers.cookie ?? '');
  if (credential || /\/auth_[a-z_]+\.php$/i.test(req.path)) res.setHeader('Cache-Control', 'no-store');
  next();
};
