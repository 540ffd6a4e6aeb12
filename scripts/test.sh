#!/usr/bin/env bash
# npm test [-- --quick] [jest args...]: setup, build, lint, typecheck, then Jest against the real stack
# (test profile: fresh .stack/test, test ports, control API). The stack is always stopped afterwards.
# Env: STACK_CONTROL_PORT (default 19990), STACK_START_TIMEOUT (seconds, default 300), STACK_* port overrides.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

QUICK=0
JEST_ARGS=()
for a in "$@"; do
  if [ "$a" = "--quick" ]; then QUICK=1; else JEST_ARGS+=("$a"); fi
done

say() { echo "[test] $*"; }

if [ "${SKIP_SETUP:-}" = 1 ]; then say "setup skipped (SKIP_SETUP=1)"; else say "setup"; bash scripts/setup.sh; fi
say "build"; npm run -s build
say "lint"; npm run -s lint
say "typecheck"; npm run -s typecheck

# small video chunks so the suite exercises chunked rendering on short videos (tests assume 40)
export RENDER_WORKER_VIDEO_CHUNK_FRAMES="${RENDER_WORKER_VIDEO_CHUNK_FRAMES:-40}"
# shellcheck source=lib/stack.sh
source "$ROOT/scripts/lib/stack.sh"
stack_start test "${STACK_CONTROL_PORT:-19990}" "${STACK_DATA_DIR:-.stack/test}"

export TEST_PROFILE=$([ "$QUICK" = 1 ] && echo quick || echo full)
say "jest (TEST_PROFILE=$TEST_PROFILE)"
set +e
npx jest --runInBand --ci ${JEST_ARGS[@]+"${JEST_ARGS[@]}"}
code=$?
set -e
if [ "$code" -ne 0 ]; then
  say "jest failed (exit $code); service logs follow"
  stack_print_logs
fi
stack_stop
exit "$code"
