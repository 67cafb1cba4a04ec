#!/usr/bin/env bash
# `npm test`: every check the project has, in the order a failure is cheapest to find.
# On a fresh Debian machine it installs what the later stages need (PostgreSQL, Chromium) itself,
# through the same scripts CI uses; every stage runs even when an earlier one failed, and the
# exit code is non-zero if any did.
set -uo pipefail
cd "$(dirname "$0")/.."

failed=()
stage() {
  local name="$1"
  shift
  echo
  echo "=== $name ==="
  local start=$SECONDS
  if "$@"; then
    echo "=== $name: ok ($((SECONDS - start)) s) ==="
  else
    echo "=== $name: FAILED ($((SECONDS - start)) s) ==="
    failed+=("$name")
  fi
}

stage "type check" npx tsc -p . --noEmit
stage "lint" npx eslint . --max-warnings 0
stage "format" npx prettier --check . --log-level warn
stage "unit, component, mock backend and server tests (SQLite)" npx vitest run
stage "install PostgreSQL" bash .ci/install-postgres.sh
stage "server tests (PostgreSQL)" bash scripts/pg/with-test-postgres.sh npx vitest run --project server
stage "client budget" node scripts/client-budget.mjs
stage "install Chromium" bash .ci/install-browser.sh
stage "browser journeys and accessibility" npx playwright test

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed stages: ${failed[*]}"
  exit 1
fi
echo "All stages passed."
