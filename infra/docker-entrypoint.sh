#!/bin/sh
# Entry point of the taquilla images (installed as /usr/local/bin/taquilla-entrypoint).
#
# app image (--target app: production dependencies only)
#   server    the API (HTTP + WebSocket + SPA)      = node apps/api/dist/server.js
#   worker    the BullMQ worker                     = node apps/api/dist/worker.js
# migrate image (--target migrate: the Prisma CLI and tsx)
#   migrate   prisma migrate deploy
#   seed      run prisma/seed.ts (must be idempotent: it may run on every deploy)
#   setup     migrate, then seed
# anything else is executed as given.
set -eu
cd /app

need() {
  if [ ! -e "$1" ]; then
    echo "taquilla: '$2' is not in this image ($1 missing): $3" >&2
    exit 64
  fi
}

prisma() {
  need node_modules/prisma/build/index.js "$1" 'run the migrate image (infra/Dockerfile --target migrate)'
  node node_modules/prisma/build/index.js "$@"
}

seed() {
  need node_modules/tsx/dist/cli.mjs seed 'run the migrate image (infra/Dockerfile --target migrate)'
  node node_modules/tsx/dist/cli.mjs prisma/seed.ts
}

case "${1:-server}" in
  migrate)
    echo "taquilla: prisma migrate deploy"
    prisma migrate deploy
    ;;
  seed)
    echo "taquilla: seed"
    seed
    ;;
  setup)
    echo "taquilla: prisma migrate deploy"
    prisma migrate deploy
    echo "taquilla: seed"
    seed
    ;;
  server)
    need apps/api/dist/server.js server 'run the app image (infra/Dockerfile --target app)'
    exec node apps/api/dist/server.js
    ;;
  worker)
    need apps/api/dist/worker.js worker 'run the app image (infra/Dockerfile --target app)'
    exec node apps/api/dist/worker.js
    ;;
  *)
    exec "$@"
    ;;
esac
