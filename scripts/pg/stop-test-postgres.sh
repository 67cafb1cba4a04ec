#!/usr/bin/env bash
# Stops a cluster started by start-test-postgres.sh and deletes its folder.
# Usage: stop-test-postgres.sh [PG_TEST_DIR]   (defaults to $PG_TEST_DIR)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:-${PG_TEST_DIR:-}}"
if [ -z "$dir" ] || [ ! -d "$dir/data" ]; then
  echo "usage: $0 PG_TEST_DIR (a folder made by start-test-postgres.sh)" >&2
  exit 2
fi
# Refuse anything that does not look like our own temporary cluster before deleting it.
case "$(basename "$dir")" in
  ruminations-pg.*) ;;
  *)
    echo "refusing to remove $dir: not a folder made by start-test-postgres.sh" >&2
    exit 2
    ;;
esac
bindir="$("$here/find-postgres-bin.sh")"
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); fi
"${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
rm -rf "$dir"
