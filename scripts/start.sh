#!/usr/bin/env bash
# npm start: machine setup (seconds when already done), build, then the whole service on its embedded stack
# (dev profile: Postgres, MinIO, Temporal, API, workers). Ctrl-C stops everything; data stays in .stack/dev.
# Extra args go to the supervisor, e.g. `npm start -- --control-port 9999`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
[ "${SKIP_SETUP:-}" = 1 ] || bash scripts/setup.sh
npm run -s build
exec node tools/stack/dist/main.js --profile dev "$@"
