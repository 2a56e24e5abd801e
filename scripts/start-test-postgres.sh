#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the reference service's tests and prints one line,
#   DATABASE_URL=postgres://postgres@127.0.0.1:<port>/chatbot_test
# on stdout (everything else goes to stderr), so a caller can `eval "$(bash scripts/start-test-postgres.sh)"`.
# On a bare Debian machine run as root it installs Debian's `postgresql` package first. The cluster lives in
# $TEST_POSTGRES_DIR (default /tmp/chatbot-test-postgres), owned by the `postgres` user when run as root,
# listens on 127.0.0.1 only (first free port from 55432) and trusts local connections: it is for tests only.
# Running it again reuses the running cluster. It stops nothing.
set -euo pipefail

dir="${TEST_POSTGRES_DIR:-/tmp/chatbot-test-postgres}"
database="${TEST_POSTGRES_DB:-chatbot_test}"
log() { echo "start-test-postgres: $*" >&2; }

find_bin() {
  local found
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return 0
  fi
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$found" ] && [ -x "$found/initdb" ]; then
    echo "$found"
    return 0
  fi
  return 1
}

if ! bin=$(find_bin); then
  if [ "$(id -u)" -ne 0 ]; then
    log "PostgreSQL is not installed and this is not root: run 'apt-get install postgresql' as root first."
    exit 1
  fi
  log "installing Debian's postgresql package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >&2
  bin=$(find_bin) || { log "postgresql was installed but initdb was not found"; exit 1; }
fi

# As root, the server runs as the `postgres` user (PostgreSQL refuses to run as root).
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir "$dir" --shell /bin/bash postgres
  as_owner() { runuser -u postgres -- "$@"; }
  owner=postgres
else
  as_owner() { "$@"; }
  owner=$(id -un)
fi

mkdir -p "$dir"
chown "$owner" "$dir"
chmod 700 "$dir"

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# A cluster left by another PostgreSQL major version cannot be started by this one: start afresh.
major=$("$bin/postgres" --version | sed -E 's/[^0-9]*([0-9]+).*/\1/')
if [ -f "$dir/data/PG_VERSION" ] && [ "$(cat "$dir/data/PG_VERSION")" != "$major" ]; then
  log "removing a cluster of PostgreSQL $(cat "$dir/data/PG_VERSION") (this is $major)"
  as_owner "$bin/pg_ctl" -D "$dir/data" stop -m fast >&2 2>/dev/null || true
  rm -rf "$dir/data" "$dir/port"
fi

running=false
if [ -f "$dir/port" ] && [ -f "$dir/data/PG_VERSION" ] && as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
  port=$(cat "$dir/port")
  running=true
  log "reusing the cluster in $dir on port $port"
fi

if [ "$running" = false ]; then
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    rm -rf "$dir/data"
    log "creating a cluster in $dir/data"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >&2 \
      || as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C >&2
  fi
  port=55432
  while port_in_use "$port"; do port=$((port + 1)); done
  log "starting PostgreSQL on 127.0.0.1:$port"
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >&2
  echo "$port" | as_owner tee "$dir/port" >/dev/null
fi

created=$(as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$database" 2>&1) \
  || case "$created" in *"already exists"*) ;; *) log "$created"; exit 1 ;; esac

echo "DATABASE_URL=postgres://postgres@127.0.0.1:$port/$database"
