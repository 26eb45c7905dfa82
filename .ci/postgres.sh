#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the gallery's tests (tests/gallery_api.rs)
# and prints its URL: Debian's postgresql package, a fresh cluster in a temporary
# folder, run as the postgres user (never root), listening on 127.0.0.1 only, with
# one database. Stop it with `pg_ctl -D FOLDER/data stop` (the folder is printed on
# stderr, and written to the file $ARKANONG_PG_DIR_FILE names, if it names one:
# .ci/run stops the cluster on its way out, so a second run on the same machine
# finds the port free).
set -euo pipefail
port="${1:-55432}"
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
dir=$(mktemp -d /tmp/arkanong-pg.XXXXXX)
chown postgres "$dir"
as_postgres() { runuser -u postgres -- "$@"; }
as_postgres "$bin/initdb" -D "$dir/data" -A trust -U postgres >/dev/null
as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir" start >/dev/null
as_postgres "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres arkanong_test
echo "PostgreSQL for the tests: $dir (port $port)" >&2
[ -z "${ARKANONG_PG_DIR_FILE:-}" ] || echo "$dir" >"$ARKANONG_PG_DIR_FILE"
echo "postgres://postgres@127.0.0.1:$port/arkanong_test"
