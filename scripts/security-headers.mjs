// @ts-check
// The security headers of every page and file the front ends' servers send: scripts/gateway.mjs sends them, and
// docker/nginx/30-security-headers.sh writes the same ones for nginx (docker-files.test.ts compares the two).

/**
 * The Content-Security-Policy of the front ends: scripts, styles, fonts, images and fetches from this origin and
 * from the remotes' origins (split deployments load each remote from its own origin); no inline script, no
 * plugins, no <base> tricks, forms post only here, and no other site may frame a page (frame-ancestors).
 * Inline style attributes stay allowed (React's style props and the federation runtime set them).
 * @param {string[]} remoteOrigins origins such as http://localhost:3002 (empty in one-origin mode)
 */
export function contentSecurityPolicy(remoteOrigins) {
  const from = ["'self'", ...new Set(remoteOrigins)].join(' ');
  return [
    `default-src ${from}`,
    `script-src ${from}`,
    `style-src ${from} 'unsafe-inline'`,
    `img-src ${from} data: blob:`,
    `font-src ${from} data:`,
    `connect-src ${from}`,
    `worker-src 'self' blob:`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Browser features no page of ours uses: denied to every page and anything it embeds. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()';
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Every header but HSTS (sent only over TLS).
 * @param {string[]} remoteOrigins
 * @returns {Record<string, string>}
 */
export function securityHeaders(remoteOrigins) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(remoteOrigins),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/**
 * The origins of absolute remote manifest URLs (relative ones are this origin).
 * @param {Record<string, string> | undefined} remotes
 */
export function remoteOriginsOf(remotes) {
  return Object.values(remotes ?? {})
    .filter((url) => /^https?:\/\//i.test(url))
    .map((url) => new URL(url).origin);
}
