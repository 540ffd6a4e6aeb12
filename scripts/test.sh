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

CONTROL_PORT="${STACK_CONTROL_PORT:-19990}"
DATA_DIR="$(cd "$ROOT" && realpath -m "${STACK_DATA_DIR:-.stack/test}")"
STACK_FILE="$DATA_DIR/stack.json"
SUP_LOG="$DATA_DIR.supervisor.log"
mkdir -p "$(dirname "$DATA_DIR")"
rm -f "$STACK_FILE"
SUP_PID=""

stop_stack() {
  [ -n "$SUP_PID" ] || return 0
  if kill -0 "$SUP_PID" 2>/dev/null; then
    say "stopping the stack"
    kill -TERM "$SUP_PID" 2>/dev/null || true
    # services get their shutdown grace (render worker: 30 s) before the supervisor SIGKILLs them
    for _ in $(seq 1 600); do kill -0 "$SUP_PID" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$SUP_PID" 2>/dev/null || true
  fi
  wait "$SUP_PID" 2>/dev/null || true
  SUP_PID=""
}

print_logs() {
  echo "----- $SUP_LOG (tail) -----"; tail -n 40 "$SUP_LOG" 2>/dev/null || true
  for f in "$DATA_DIR"/logs/*.log; do
    [ -f "$f" ] || continue
    case "$(basename "$f")" in postgres.log|minio.log|temporal.log) n=15 ;; *) n=80 ;; esac
    echo "----- ${f#"$ROOT"/} (last $n lines) -----"; tail -n "$n" "$f"
  done
}

trap 'stop_stack' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# small video chunks so the suite exercises chunked rendering on short videos (tests assume 40)
export RENDER_WORKER_VIDEO_CHUNK_FRAMES="${RENDER_WORKER_VIDEO_CHUNK_FRAMES:-40}"
say "starting the stack (test profile, log: ${SUP_LOG#"$ROOT"/})"
STACK_DATA_DIR="$DATA_DIR" node packages/stack/dist/main.js --profile test --control-port "$CONTROL_PORT" \
  </dev/null >"$SUP_LOG" 2>&1 &
SUP_PID=$!

deadline=$(( $(date +%s) + ${STACK_START_TIMEOUT:-300} ))
until [ -f "$STACK_FILE" ]; do
  if ! kill -0 "$SUP_PID" 2>/dev/null; then
    say "the stack failed to start"; print_logs; exit 1
  fi
  if [ "$(date +%s)" -gt "$deadline" ]; then
    say "the stack did not become ready in ${STACK_START_TIMEOUT:-300}s"; print_logs; exit 1
  fi
  sleep 0.5
done
say "stack ready: $(grep -m1 'ready in' "$SUP_LOG" | sed 's/.*ready in/ready in/' || true)"

export STACK_FILE
export TEST_PROFILE=$([ "$QUICK" = 1 ] && echo quick || echo full)
say "jest (TEST_PROFILE=$TEST_PROFILE)"
set +e
npx jest --runInBand --ci ${JEST_ARGS[@]+"${JEST_ARGS[@]}"}
code=$?
set -e
if [ "$code" -ne 0 ]; then
  say "jest failed (exit $code); service logs follow"
  print_logs
fi
stop_stack
exit "$code"
