#!/usr/bin/env bash
# npm start: setup for the dev profile (seconds when already done), build, then the whole service on its embedded
# stack (dev profile: Postgres, MinIO, Temporal, API, workers). Ctrl-C stops everything; data stays in .stack/dev.
# The supervisor's ready message says how long each setup step, the build and the stack took (RP_START_MS, RP_BUILD_MS).
# Extra args go to the supervisor, e.g. `npm start -- --control-port 9999`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
RP_START_MS=$(date +%s%3N)
export RP_START_MS
[ "${SKIP_SETUP:-}" = 1 ] || bash scripts/setup.sh --for dev
t=$(date +%s%3N)
npm run -s build
RP_BUILD_MS=$(( $(date +%s%3N) - t ))
export RP_BUILD_MS
exec node tools/stack/dist/main.js --profile dev "$@"
