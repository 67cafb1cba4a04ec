#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL: starts one, exports its address as DATABASE_URL and
# TEST_DATABASE_URL, runs the command, and stops and deletes the cluster however the command ends.
# Usage: with-test-postgres.sh COMMAND [ARGS...]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" = 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi
eval "$("$here/start-test-postgres.sh")"
trap '"$here/stop-test-postgres.sh" "$PG_TEST_DIR"' EXIT
export DATABASE_URL
export TEST_DATABASE_URL="$DATABASE_URL"
"$@"
