#!/bin/sh
# Entry point of the taquilla app image (installed as /usr/local/bin/taquilla-entrypoint).
#
#   migrate   prisma migrate deploy
#   seed      run prisma/seed.ts (must be idempotent: it may run on every deploy)
#   setup     migrate, then seed
#   server    the API (HTTP + WebSocket + SPA)      = node apps/api/dist/server.js
#   worker    the BullMQ worker                     = node apps/api/dist/worker.js
#   anything else is executed as given (the image's CMD starts the API).
set -eu
cd /app

prisma() {
  node node_modules/prisma/build/index.js "$@"
}

seed() {
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
    exec node apps/api/dist/server.js
    ;;
  worker)
    exec node apps/api/dist/worker.js
    ;;
  *)
    exec "$@"
    ;;
esac
