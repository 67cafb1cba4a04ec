#!/usr/bin/env bash
# Stops a cluster started by start-test-postgres.sh and deletes its folder.
# Usage: stop-test-postgres.sh [PG_TEST_DIR]   (defaults to $PG_TEST_DIR)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:-${PG_TEST_DIR:-}}"
# shellcheck source=own-folder.sh
. "$here/own-folder.sh"
require_own_folder "$dir" ruminations-pg start-test-postgres.sh
bindir="$("$here/find-postgres-bin.sh")"
"${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
rm -rf "$dir"
