#!/bin/sh
# Restores a dump made by backup.sh into a NEW database on the same server.
#
#   scripts/ops/restore.sh DUMP_FILE TARGET_DATABASE
#
# Environment:
#   DATABASE_URL   any database URL on the server to restore to: its user,
#                  password, host, port and options are used; its database
#                  name is replaced by TARGET_DATABASE. The user needs CREATEDB.
#
# It never writes into an existing database: TARGET_DATABASE must not exist
# (restore next to the live one, check it, then point DATABASE_URL at it, or
# rename: docs/operations.md). The restore runs in one transaction and stops
# at the first error; on failure the new database is dropped again.
# Prints the number of tables and rows restored.
set -eu

if [ $# -ne 2 ]; then
  echo "usage: restore.sh DUMP_FILE TARGET_DATABASE" >&2
  exit 2
fi
dump=$1
target=$2
: "${DATABASE_URL:?DATABASE_URL must name a database on the server to restore to}"

case "$target" in
  '' | [!a-z_]* | *[!a-z0-9_]*)
    echo "restore: the target database name must be lower-case letters, digits and _ ($target)" >&2
    exit 2
    ;;
esac
if [ ${#target} -gt 63 ]; then
  echo "restore: the target database name is longer than 63 characters" >&2
  exit 2
fi
if [ ! -r "$dump" ]; then
  echo "restore: cannot read $dump" >&2
  exit 2
fi
pg_restore --list "$dump" >/dev/null

base=${DATABASE_URL%%\?*}
query=${DATABASE_URL#"$base"}
server=${base%/*}
maintenance="$server/postgres$query"
target_url="$server/$target$query"

exists=$(psql --no-psqlrc --quiet --tuples-only --no-align --dbname="$maintenance" \
  --set=ON_ERROR_STOP=1 --command="SELECT 1 FROM pg_database WHERE datname = '$target'")
if [ -n "$exists" ]; then
  echo "restore: database $target already exists; choose a new name" >&2
  exit 3
fi

psql --no-psqlrc --quiet --dbname="$maintenance" --set=ON_ERROR_STOP=1 \
  --command="CREATE DATABASE \"$target\""
created=1
cleanup() {
  if [ "$created" = 1 ]; then
    echo "restore: failed; dropping $target" >&2
    psql --no-psqlrc --quiet --dbname="$maintenance" \
      --command="DROP DATABASE IF EXISTS \"$target\" WITH (FORCE)" >&2 || true
  fi
}
trap cleanup EXIT

pg_restore --no-owner --no-privileges --exit-on-error --single-transaction \
  --dbname="$target_url" "$dump"
psql --no-psqlrc --quiet --dbname="$target_url" --set=ON_ERROR_STOP=1 --command="ANALYZE" >/dev/null
created=0
trap - EXIT

psql --no-psqlrc --quiet --tuples-only --no-align --dbname="$target_url" --set=ON_ERROR_STOP=1 \
  --command="SELECT 'restore: ' || count(*) || ' tables, ' || coalesce(sum(n_live_tup), 0) || ' rows into $target' FROM pg_stat_user_tables"
