#!/usr/bin/env bash
# Installs Debian's PostgreSQL server binaries when they are missing (CI on a fresh machine). Only the
# binaries are needed: the tests start their own temporary cluster (scripts/pg/start-test-postgres.sh),
# so the cluster that the package creates and starts is not used.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "PostgreSQL already installed: $(ls -d /usr/lib/postgresql/*/bin | tr '\n' ' ')"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
sudo_cmd=()
if [ "$(id -u)" != 0 ]; then sudo_cmd=(sudo); fi
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends postgresql postgresql-contrib >/dev/null
ls -d /usr/lib/postgresql/*/bin
