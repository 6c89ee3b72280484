#!/usr/bin/env bash
# The browser suites as CI runs them (npm run test:ci): desktop public, the release tests in two parts, desktop admin
# and phone, two at a time, then the hostile suite alone (it measures a visitor's latency under floods).
# The public, admin and phone suites start from one copy of a product whose demo library was seeded and read once
# (support/product.ts, startSeededProduct); the folder is removed when the run ends, however it ends.
set -uo pipefail
cd "$(dirname "$0")"
template="$(mktemp -d "${TMPDIR:-/tmp}/ppl-e2e-template-XXXXXX")"
trap 'rm -rf "$template"' EXIT
# A stop (Ctrl-C, a CI timeout) ends the script through its EXIT trap too.
trap 'exit 130' INT
trap 'exit 143' TERM
export PPL_E2E_PRODUCT_TEMPLATE="$template"
npx concurrently --max-processes 2 --group --names public,releases-served,admin,releases-built,phone \
  "npm:test:public" "npm:test:releases:served" "npm:test:admin" "npm:test:releases:built" "npm:test:phone" &&
  npm run test:hostile
