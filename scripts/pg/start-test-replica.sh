#!/usr/bin/env bash
# Starts a throw-away streaming replica (hot standby) of a test cluster: start-test-postgres.sh with
# PG_STANDBY_OF. Prints PG_TEST_DIR and DATABASE_URL (the replica's) like it; stop it with
# stop-test-postgres.sh.
# Usage: start-test-replica.sh PRIMARY_URL   (e.g. the DATABASE_URL start-test-postgres.sh printed)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" != 1 ]; then
  echo "usage: $0 PRIMARY_URL" >&2
  exit 2
fi
PG_STANDBY_OF="$1" exec "$here/start-test-postgres.sh"
