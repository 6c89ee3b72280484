#!/bin/sh
# Writes the shell's /remotes.json from the environment at container start (never baked into the build).
# Runs from the nginx image's /docker-entrypoint.d/ before nginx starts; does nothing for the remotes.
set -eu
[ "${WRITE_REMOTES_JSON:-false}" = "true" ] || exit 0
json_escape() { printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g'; }
cat > "${NGINX_ROOT:-/usr/share/nginx/html}/remotes.json" <<JSON
{"public_site":"$(json_escape "${PUBLIC_SITE_MANIFEST_URL}")","admin_console":"$(json_escape "${ADMIN_CONSOLE_MANIFEST_URL}")"}
JSON
echo "remotes.json: public_site=${PUBLIC_SITE_MANIFEST_URL} admin_console=${ADMIN_CONSOLE_MANIFEST_URL}"
