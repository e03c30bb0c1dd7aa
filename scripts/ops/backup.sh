#!/bin/sh
# Dumps Taquilla's PostgreSQL database to one file in pg_dump's custom format
# (-Fc: compressed, restorable table by table with pg_restore).
#
#   scripts/ops/backup.sh [OUTPUT_FILE]
#
# Environment:
#   DATABASE_URL       the database to dump (postgresql://user:password@host:port/name[?sslmode=…])
#   BACKUP_DIR         where the file goes when OUTPUT_FILE is not given (default ./backups);
#                      the name is <database>-<UTC date and time>.dump
#   BACKUP_KEEP_DAYS   when set and above 0, *.dump files in BACKUP_DIR older than
#                      this many days are deleted after a successful dump
#
# The dump is written beside its final name and renamed only once pg_dump
# succeeded and pg_restore can read its table of contents, so a failed run
# never leaves a file that looks like a backup. Prints the file's path.
# POSIX sh: runs in postgres:16-alpine (docker-compose.yml's backup service)
# and in the CronJob of infra/k8s/backup-cronjob.yaml. pg_dump must be of the
# server's major version or newer.
set -eu

: "${DATABASE_URL:?DATABASE_URL must name the database to dump}"

base=${DATABASE_URL%%\?*}
database=${base##*/}
if [ -z "$database" ] || [ "$database" = "$base" ]; then
  echo "backup: DATABASE_URL has no database name" >&2
  exit 2
fi

if [ $# -ge 1 ]; then
  output=$1
else
  dir=${BACKUP_DIR:-./backups}
  mkdir -p "$dir"
  output="$dir/$database-$(date -u +%Y%m%dT%H%M%SZ).dump"
fi
partial="$output.partial"

trap 'rm -f "$partial"' EXIT
pg_dump --format=custom --compress=6 --no-owner --no-privileges \
  --dbname="$DATABASE_URL" --file="$partial"
# A dump pg_restore cannot list is not a backup.
pg_restore --list "$partial" >/dev/null
mv "$partial" "$output"
trap - EXIT

if [ $# -eq 0 ] && [ "${BACKUP_KEEP_DAYS:-0}" -gt 0 ]; then
  find "$dir" -maxdepth 1 -name '*.dump' -type f -mtime +"$BACKUP_KEEP_DAYS" -print -exec rm -f {} + |
    sed 's/^/backup: deleted old /' >&2
fi

echo "$output"
