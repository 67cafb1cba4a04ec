#!/usr/bin/env bash
# Starts a throw-away PgBouncer (Debian's package) in transaction mode in front of a test cluster
# (start-test-postgres.sh): a temporary folder, a free port on 127.0.0.1, trust authentication
# (nothing listens beyond loopback). Run as root, it runs as the postgres user (PgBouncer refuses
# to run as root).
# Usage: start-test-pgbouncer.sh POSTGRES_URL   (the cluster's postgres://user@127.0.0.1:PORT/db)
#
# Prints shell assignments on stdout, so that a caller can `eval "$(...)"`:
#   PGBOUNCER_TEST_DIR=/tmp/ruminations-pgbouncer.XXXX  (its folder: config, log, pid file)
#   POOLER_URL=postgres://postgres@127.0.0.1:PORT/postgres  (the same database through PgBouncer)
# Progress goes to stderr. Stop it with: kill "$(cat "$PGBOUNCER_TEST_DIR/pgbouncer.pid")".
set -euo pipefail

if [ "$#" != 1 ]; then
  echo "usage: $0 POSTGRES_URL" >&2
  exit 2
fi
target="$1"
pg_host="$(node -e 'console.log(new URL(process.argv[1]).hostname)' "$target")"
pg_port="$(node -e 'console.log(new URL(process.argv[1]).port || 5432)' "$target")"
pg_user="$(node -e 'console.log(decodeURIComponent(new URL(process.argv[1]).username))' "$target")"
pg_db="$(node -e 'console.log(new URL(process.argv[1]).pathname.slice(1) || "postgres")' "$target")"

bouncer="$(command -v pgbouncer || ls /usr/sbin/pgbouncer 2>/dev/null || true)"
if [ -z "$bouncer" ]; then
  echo "pgbouncer not found (install Debian's pgbouncer package, e.g. .ci/install-postgres.sh)" >&2
  exit 1
fi
here="$(cd "$(dirname "$0")" && pwd)"
bindir="$("$here/find-postgres-bin.sh")"
# shellcheck source=free-port.sh
. "$here/free-port.sh"

dir="$(mktemp -d "${TMPDIR:-/tmp}/ruminations-pgbouncer.XXXXXX")"
chmod 755 "$dir"
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); fi

# auth_type trust still looks the user up in the auth file (any password is accepted).
printf '"%s" ""\n' "$pg_user" >"$dir/userlist.txt"

start_pgbouncer() {
  local port="$1"
  # The wildcard entry serves every database of the cluster under its own name: the tests create
  # one per test app. default_pool_size below the app's own pool (10) and server_round_robin make
  # clients share server connections and a client's statements move between them, so that state
  # left on a session (SET, session locks, LISTEN, named statements) shows in the tests instead of
  # in production. query_wait_timeout: a client stuck waiting for a server connection fails in
  # seconds, not the default two minutes.
  cat >"$dir/pgbouncer.ini" <<EOF
[databases]
* = host=$pg_host port=$pg_port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
admin_users = $pg_user
stats_users = $pg_user
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 5
server_round_robin = 1
query_wait_timeout = 30
ignore_startup_parameters = extra_float_digits
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
EOF
  if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$dir"; fi
  if "${as_pg[@]}" "$bouncer" -d -q "$dir/pgbouncer.ini" >>"$dir/start.log" 2>&1; then
    for _ in $(seq 1 50); do
      if "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port" -d "$pg_db" -U "$pg_user"; then return 0; fi
      sleep 0.1
    done
    if [ -f "$dir/pgbouncer.pid" ]; then kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true; fi
  fi
  return 1
}
start_on_free_port PgBouncer start_pgbouncer "$dir/start.log" "$dir/pgbouncer.log" || {
  rm -rf "$dir"
  exit 1
}

url="postgres://$pg_user@127.0.0.1:$port/$pg_db"
printf 'PGBOUNCER_TEST_DIR=%q\nPOOLER_URL=%q\n' "$dir" "$url"
echo "PgBouncer (transaction mode) started on 127.0.0.1:$port in front of $pg_host:$pg_port (files in $dir)" >&2
