#!/usr/bin/env bash
# Starts a throw-away pg_auto_failover group for the failover test: a monitor and two PostgreSQL
# nodes (Debian's pg_autoctl, packages postgresql-15-auto-failover and pg-auto-failover-cli), in a
# temporary folder, on free ports of 127.0.0.1 only, trust authentication, no SSL. Run as root, every
# process runs as the postgres user (runuser); run as anyone else, as that user.
#
# The two nodes replicate synchronously (pg_auto_failover's default with two nodes: the standby is in
# the write quorum, so a commit is acknowledged once the standby has it). When one node is lost, the
# survivor is "wait_primary": it accepts writes alone until the other comes back. The monitor's
# health checks are tuned so that a dead primary is replaced in seconds instead of about a minute:
# fine on one machine's loopback, too eager for a real network.
#
# Prints shell assignments on stdout (`eval "$(scripts/pg/start-test-failover-cluster.sh)"`):
#   PGAF_DIR=/tmp/ruminations-pgaf.XXXX   (hand it to stop-test-failover-cluster.sh)
#   PGAF_MONITOR_URL=postgres://autoctl_node@127.0.0.1:P/pg_auto_failover
#   PGAF_NODE1_PORT, PGAF_NODE2_PORT, PGAF_NODE1_DATA, PGAF_NODE2_DATA
#   DATABASE_URL=postgres://postgres@127.0.0.1:P1,127.0.0.1:P2/postgres?target_session_attrs=read-write
# and writes them to $PGAF_DIR/env. node1 starts as the primary. Progress goes to stderr.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
bindir="$("$here/find-postgres-bin.sh")"
# shellcheck source=free-port.sh
. "$here/free-port.sh"
command -v pg_autoctl >/dev/null || {
  echo "pg_autoctl not found: apt-get install -y postgresql-15-auto-failover pg-auto-failover-cli" >&2
  exit 1
}

dir="$(mktemp -d "${TMPDIR:-/tmp}/ruminations-pgaf.XXXXXX")"
chmod 755 "$dir"
mkdir -p "$dir/config" "$dir/share" "$dir/run"
as_pg=()
if [ "$(id -u)" = 0 ]; then
  chown -R postgres:postgres "$dir"
  as_pg=(runuser -u postgres --)
fi
# pg_autoctl keeps its configuration and state under XDG folders: this group's own, not the user's.
pgaf_env=(env "PATH=$bindir:$PATH" "XDG_CONFIG_HOME=$dir/config" "XDG_DATA_HOME=$dir/share"
  "XDG_RUNTIME_DIR=$dir/run" "PG_CONFIG=$bindir/pg_config")
autoctl() { "${as_pg[@]}" "${pgaf_env[@]}" pg_autoctl "$@"; }

fail() {
  echo "$1" >&2
  for log in "$dir"/*.log; do
    echo "--- $log" >&2
    tail -n 40 "$log" >&2 || true
  done
  "$here/stop-test-failover-cluster.sh" "$dir" || true
  exit 1
}

# Each pg_autoctl service in its own session (setsid), so that the stop script and the test can
# signal one node's whole process tree by its group.
run_service() {
  local name="$1"
  shift
  setsid "${as_pg[@]}" "${pgaf_env[@]}" pg_autoctl "$@" >"$dir/$name.log" 2>&1 </dev/null &
  echo $! >"$dir/$name.pid"
}

monitor_port="$(free_port)"
autoctl create monitor --pgdata "$dir/monitor" --pgport "$monitor_port" --hostname 127.0.0.1 \
  --auth trust --ssl-mode disable --no-ssl --pgctl "$bindir/pg_ctl" >"$dir/create-monitor.log" 2>&1 ||
  fail "pg_autoctl create monitor failed"
# pg_autoctl starts the monitor's postgres with its own listen_addresses (-h), '*' by default.
autoctl config set --pgdata "$dir/monitor" postgresql.listen_addresses 127.0.0.1 >/dev/null
# A primary that stops answering is declared unhealthy after about 2 s (1 s
# checks, 1 s timeout, one retry) instead of 20 s, and the standby promoted 3 s after that
# (primary_demote_timeout, default 30 s, is how long the monitor waits for a lost primary to have
# stopped by itself: the nodes' network_partition_timeout below is shorter, so two primaries never
# take writes at once).
cat >>"$dir/monitor/postgresql.auto.conf" <<CONF
pgautofailover.health_check_period = 1000
pgautofailover.health_check_timeout = 1000
pgautofailover.health_check_max_retries = 1
pgautofailover.health_check_retry_delay = 500
pgautofailover.node_considered_unhealthy_timeout = 2000
pgautofailover.primary_demote_timeout = 3000
CONF
run_service monitor run --pgdata "$dir/monitor"
monitor_url="postgres://autoctl_node@127.0.0.1:$monitor_port/pg_auto_failover?sslmode=disable"

monitor_sql() {
  "${as_pg[@]}" "$bindir/psql" -XAtq -h 127.0.0.1 -p "$monitor_port" -U autoctl_node \
    -d pg_auto_failover -c "$1" 2>/dev/null
}
for _ in $(seq 1 100); do
  monitor_sql 'select 1' >/dev/null && break
  sleep 0.2
done
monitor_sql 'select 1' >/dev/null || fail "the monitor did not start"

# The node's own settings: synchronous commit (the survivor keeps every acknowledged write), and a
# lost primary stops taking writes 2 s after it lost the monitor and the standby.
create_node() {
  local name="$1" port="$2"
  run_service "$name" create postgres --pgdata "$dir/$name" --pgport "$port" --pghost 127.0.0.1 \
    --listen 127.0.0.1 --hostname 127.0.0.1 --name "$name" --dbname postgres --username postgres \
    --monitor "$monitor_url" --auth trust --ssl-mode disable --no-ssl --pgctl "$bindir/pg_ctl" --run
}
wait_state() {
  local name="$1" state="$2"
  for _ in $(seq 1 300); do
    [ "$(monitor_sql "select reportedstate from pgautofailover.node where nodename = '$name'")" = "$state" ] &&
      return 0
    sleep 0.2
  done
  fail "$name did not reach $state"
}

node1_port="$(free_port)"
create_node node1 "$node1_port"
wait_state node1 single
node2_port="$(free_port)"
create_node node2 "$node2_port"
wait_state node2 secondary
wait_state node1 primary
for name in node1 node2; do
  autoctl config set --pgdata "$dir/$name" timeout.network_partition_timeout 2 >/dev/null
done

url="postgres://postgres@127.0.0.1:$node1_port,127.0.0.1:$node2_port/postgres?target_session_attrs=read-write"
printf 'PGAF_DIR=%q\nPGAF_MONITOR_URL=%q\nPGAF_NODE1_PORT=%q\nPGAF_NODE2_PORT=%q\nPGAF_NODE1_DATA=%q\nPGAF_NODE2_DATA=%q\nDATABASE_URL=%q\n' \
  "$dir" "$monitor_url" "$node1_port" "$node2_port" "$dir/node1" "$dir/node2" "$url" | tee "$dir/env"
echo "pg_auto_failover group started: monitor on $monitor_port, node1 (primary) on $node1_port, node2 on $node2_port; stop with scripts/pg/stop-test-failover-cluster.sh $dir" >&2
