#!/usr/bin/env bash
# `npm test`: every check the project has, in the order a failure is cheapest to find.
# On a fresh Debian machine it installs what the later stages need (PostgreSQL, Chromium) itself,
# through the same scripts CI uses; every stage runs even when an earlier one failed, and the
# exit code is non-zero if any did.
set -uo pipefail
cd "$(dirname "$0")/.."

failed=()
# Each test runner also writes a JSON report here; the last line sums them up.
reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT
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
stage "unit, component, mock backend and server tests (SQLite)" \
  npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest-sqlite.json"
stage "install PostgreSQL" bash .ci/install-postgres.sh
stage "server tests (PostgreSQL)" bash scripts/pg/with-test-postgres.sh \
  npx vitest run --project server --reporter=default --reporter=json --outputFile.json="$reports/vitest-pg.json"
# The same suite behind PgBouncer in transaction mode (prepared statements off, LISTEN direct).
stage "server tests through PgBouncer (transaction mode)" bash scripts/pg/with-test-pgbouncer.sh \
  npx vitest run --project server --reporter=default --reporter=json --outputFile.json="$reports/vitest-pgbouncer.json"
stage "hostile input (2,000 requests, SQLite)" npm run --silent fuzz -- --requests 2000
stage "hostile input (2,000 requests, PostgreSQL)" bash scripts/pg/with-test-postgres.sh \
  bash -c 'npm run --silent fuzz -- --requests 2000 --seed 2 --database-url "$DATABASE_URL"'
stage "crash test (3 rounds of kill -9, SQLite)" npm run --silent crashtest -- --rounds 3
# pg_auto_failover's monitor and two synchronous nodes; kill -9 of the primary under writes.
stage "failover (kill -9 of the primary, pg_auto_failover)" npm run --silent failover
stage "install Chromium" bash .ci/install-browser.sh
stage "client budget (bytes Chromium transfers)" npm run --silent budget
# Scores printed, not asserted: on a shared machine they move from run to run.
stage "Lighthouse (printed)" npm run --silent lighthouse
stage "browser journeys and accessibility" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json
# The journey that needs PostgreSQL (skipped above): two instances, live updates across them.
stage "browser journey on two instances (PostgreSQL)" bash scripts/pg/with-test-postgres.sh \
  env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright-pg.json" \
  npx playwright test tests/e2e/notifications-two-instances.spec.ts --reporter=list,json \
  --output test-results-pg

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed stages: ${failed[*]}"
else
  echo "All stages passed."
fi
node scripts/sum-test-reports.mjs "$reports"
[ ${#failed[@]} -eq 0 ]
