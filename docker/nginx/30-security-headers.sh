#!/bin/sh
# Writes the security headers every response of this front end carries, as an nginx include, at container start:
# the same headers as scripts/gateway.mjs (scripts/security-headers.mjs; docker-files.test.ts runs this script and
# compares). The shell's pages load code from the remotes' origins (PUBLIC_SITE_MANIFEST_URL,
# ADMIN_CONSOLE_MANIFEST_URL), so its Content-Security-Policy allows them; a remote's own pages allow only 'self'.
# Runs from the nginx image's /docker-entrypoint.d/ before nginx starts.
set -eu
out="${SECURITY_HEADERS_OUT:-/etc/nginx/conf.d/security-headers.inc}"
origin_of() { printf '%s' "$1" | sed -n 's#^\(https\{0,1\}://[^/]*\).*#\1#p'; }
from="'self'"
if [ "${WRITE_REMOTES_JSON:-false}" = "true" ]; then
  for url in "${PUBLIC_SITE_MANIFEST_URL:-}" "${ADMIN_CONSOLE_MANIFEST_URL:-}"; do
    o="$(origin_of "$url")"
    case " $from " in *" $o "*) ;; *) [ -n "$o" ] && from="$from $o" ;; esac
  done
fi
csp="default-src $from; script-src $from; style-src $from 'unsafe-inline'; img-src $from data: blob:; font-src $from data:; connect-src $from; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
permissions="camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()"
cat > "$out" <<NGINX
add_header Content-Security-Policy "$csp" always;
add_header X-Frame-Options DENY always;
add_header X-Content-Type-Options nosniff always;
add_header Referrer-Policy strict-origin-when-cross-origin always;
add_header Permissions-Policy "$permissions" always;
add_header Strict-Transport-Security \$ppl_hsts always;
NGINX
echo "security headers: $out (sources $from)"
