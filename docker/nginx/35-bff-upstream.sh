#!/bin/sh
# Writes the BFF replicas this front door balances over, as an nginx include, at container start:
#   BFF_UPSTREAMS="bff-1:3001,bff-2:3001"   (host:port, comma-separated; one is fine)
# A replica that refuses or resets is marked down for FAIL_TIMEOUT and its idempotent requests go to another.
# Runs from the nginx image's /docker-entrypoint.d/ before nginx starts.
set -eu
out="${BFF_UPSTREAM_OUT:-/etc/nginx/conf.d/bff-upstream.inc}"
servers="${BFF_UPSTREAMS:-bff:3001}"
{
  echo "upstream ppl_bff {"
  echo "$servers" | tr ',' '\n' | while read -r server; do
    [ -n "$server" ] && echo "    server $server max_fails=1 fail_timeout=${FAIL_TIMEOUT:-5s};"
  done
  echo "    keepalive 32;"
  echo "}"
} > "$out"
echo "bff upstream: $out ($servers)"
