#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL behind a throw-away PgBouncer in transaction mode
# (start-test-postgres.sh, start-test-pgbouncer.sh), and stops and deletes both however it ends.
# Exports:
#   DATABASE_URL, TEST_DATABASE_URL  the cluster, direct (the tests create and drop their databases
#                                    there, and LISTEN there: DATABASE_LISTEN_URL)
#   TEST_DATABASE_POOLER_URL         the same cluster through PgBouncer (each test app's queries)
#   PG_PREPARED_STATEMENTS=false     PgBouncer 1.18 keeps no prepared statements in transaction mode
# Usage: with-test-pgbouncer.sh COMMAND [ARGS...]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" = 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi
stop() {
  if [ -n "${PGBOUNCER_TEST_DIR:-}" ]; then
    local pid
    pid="$(cat "$PGBOUNCER_TEST_DIR/pgbouncer.pid" 2>/dev/null || true)"
    if [ -n "$pid" ]; then
      kill "$pid" 2>/dev/null || true
      # PgBouncer removes its pid file when it has exited.
      for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
    fi
    rm -rf "$PGBOUNCER_TEST_DIR"
  fi
  if [ -n "${PG_TEST_DIR:-}" ]; then "$here/stop-test-postgres.sh" "$PG_TEST_DIR"; fi
}
trap stop EXIT
eval "$("$here/start-test-postgres.sh")"
eval "$("$here/start-test-pgbouncer.sh" "$DATABASE_URL")"
export DATABASE_URL
export TEST_DATABASE_URL="$DATABASE_URL"
export TEST_DATABASE_POOLER_URL="$POOLER_URL"
export PG_PREPARED_STATEMENTS=false
"$@"
