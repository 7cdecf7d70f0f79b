# Sourced by .ci/run (and usable by hand: `source .ci/postgres.sh && start_postgres`): starts a
# throwaway PostgreSQL server for the tests and exports SPICEBOT_TEST_POSTGRES, the admin DSN from
# which each test makes its own database (package data/datatest).
#
# The cluster lives in a temporary directory owned by the postgres user (initdb refuses root),
# listens on 127.0.0.1 only, on a free port, with no socket directory outside the cluster, and is
# tuned for tests (fsync off: nothing in it outlives the run). stop_postgres stops it and removes
# the directory; start_postgres installs a trap that calls it on exit.

# pg_bindir prints the directory of the newest installed PostgreSQL server binaries, if any.
pg_bindir() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
      echo "$d"
      return 0
    fi
  done
  command -v initdb >/dev/null 2>&1 && dirname "$(command -v initdb)" && return 0
  return 1
}

# install_postgres installs Debian's postgresql package when no server binaries are present and
# apt-get is available; it never fails the run (the PostgreSQL tests then skip).
install_postgres() {
  if pg_bindir >/dev/null; then
    return 0
  fi
  if command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) ||
      echo "could not install postgresql; the PostgreSQL tests will be skipped" >&2
  else
    echo "apt-get is not available and PostgreSQL is not installed; the PostgreSQL tests will be skipped" >&2
  fi
}

# free_port prints a TCP port on 127.0.0.1 that nothing listens on.
free_port() {
  local p
  for p in $(shuf -i 20000-60000 -n 50); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return 0
    fi
  done
  return 1
}

# as_postgres runs a command as the postgres user when we are root, else as ourselves.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# start_postgres starts the server and exports SPICEBOT_TEST_POSTGRES. When it cannot (no
# binaries), it leaves SPICEBOT_TEST_POSTGRES unset and returns 0: the PostgreSQL tests skip.
start_postgres() {
  local bindir
  if ! bindir=$(pg_bindir); then
    echo "PostgreSQL is not installed: the PostgreSQL tests will be skipped" >&2
    return 0
  fi
  PG_TMP=$(mktemp -d /tmp/spicebot-pg.XXXXXX)
  chmod 755 "$PG_TMP"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$PG_TMP"; fi
  PG_DATA="$PG_TMP/data"
  PG_CTL="$bindir/pg_ctl"
  PG_PORT=$(free_port)
  trap stop_postgres EXIT
  as_postgres "$bindir/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$PG_TMP/initdb.log" 2>&1 ||
    as_postgres "$bindir/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --no-locale >"$PG_TMP/initdb.log" 2>&1 || {
    cat "$PG_TMP/initdb.log" >&2
    return 1
  }
  as_postgres "$PG_CTL" -D "$PG_DATA" -l "$PG_TMP/server.log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -c unix_socket_directories=$PG_TMP -c fsync=off \
        -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=64MB" >/dev/null || {
    cat "$PG_TMP/server.log" >&2
    return 1
  }
  export SPICEBOT_TEST_POSTGRES="postgres://postgres@127.0.0.1:$PG_PORT/postgres?sslmode=disable"
  echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') for the tests on 127.0.0.1:$PG_PORT"
}

# stop_postgres stops the server started by start_postgres and removes its directory.
stop_postgres() {
  if [ -n "${PG_DATA:-}" ] && [ -d "$PG_DATA" ]; then
    as_postgres "$PG_CTL" -D "$PG_DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ -n "${PG_TMP:-}" ]; then rm -rf "$PG_TMP"; fi
  PG_DATA=
  PG_TMP=
}
