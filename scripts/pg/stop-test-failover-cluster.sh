#!/usr/bin/env bash
# Stops a group started by start-test-failover-cluster.sh (its nodes, then its monitor) and deletes
# its folder. Usage: stop-test-failover-cluster.sh [PGAF_DIR]   (defaults to $PGAF_DIR)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:-${PGAF_DIR:-}}"
# shellcheck source=own-folder.sh
. "$here/own-folder.sh"
require_own_folder "$dir" ruminations-pgaf start-test-failover-cluster.sh
bindir="$("$here/find-postgres-bin.sh")"
# Each service's session is signalled as a whole (pg_autoctl, its workers); its postmaster too, by
# postmaster.pid, in case it outlived its pg_autoctl (a test's kill -9).
for name in node2 node1 monitor; do
  if [ -f "$dir/$name.pid" ]; then
    kill -TERM -- "-$(cat "$dir/$name.pid")" 2>/dev/null || true
  fi
done
for name in node2 node1 monitor; do
  for _ in $(seq 1 50); do
    [ -f "$dir/$name.pid" ] && kill -0 -- "-$(cat "$dir/$name.pid")" 2>/dev/null || break
    sleep 0.2
  done
  [ -f "$dir/$name.pid" ] && kill -KILL -- "-$(cat "$dir/$name.pid")" 2>/dev/null || true
  if [ -f "$dir/$name/postmaster.pid" ]; then
    "${as_pg[@]}" "$bindir/pg_ctl" -D "$dir/$name" -m immediate -w stop >/dev/null 2>&1 || true
  fi
done
rm -rf "$dir"
