# Sourced by scripts/test.sh and scripts/bench.sh: starts the supervised stack in the background, waits for its
# stack file, and stops it (services get their shutdown grace before the supervisor SIGKILLs them).
# The caller defines say() and ROOT. After stack_start: SUP_PID, STACK_FILE (exported), SUP_LOG, DATA_DIR.
SUP_PID=""

# stack_start PROFILE CONTROL_PORT DATA_DIR
stack_start() {
  local profile="$1" control_port="$2"
  DATA_DIR="$(realpath -m "$3")"
  STACK_FILE="$DATA_DIR/stack.json"
  SUP_LOG="$DATA_DIR.supervisor.log"
  mkdir -p "$(dirname "$DATA_DIR")"
  rm -f "$STACK_FILE"
  trap 'stack_stop' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  say "starting the stack ($profile profile, log: ${SUP_LOG#"$ROOT"/})"
  STACK_DATA_DIR="$DATA_DIR" node "$ROOT/tools/stack/dist/main.js" --profile "$profile" --control-port "$control_port" \
    </dev/null >"$SUP_LOG" 2>&1 &
  SUP_PID=$!
  local deadline=$(( $(date +%s) + ${STACK_START_TIMEOUT:-300} ))
  until [ -f "$STACK_FILE" ]; do
    if ! kill -0 "$SUP_PID" 2>/dev/null; then
      say "the stack failed to start"; stack_print_logs; exit 1
    fi
    if [ "$(date +%s)" -gt "$deadline" ]; then
      say "the stack did not become ready in ${STACK_START_TIMEOUT:-300}s"; stack_print_logs; exit 1
    fi
    sleep 0.5
  done
  say "stack ready: $(grep -m1 'ready in' "$SUP_LOG" | sed 's/.*ready in/ready in/' || true)"
  export STACK_FILE
}

stack_stop() {
  [ -n "$SUP_PID" ] || return 0
  if kill -0 "$SUP_PID" 2>/dev/null; then
    say "stopping the stack"
    kill -TERM "$SUP_PID" 2>/dev/null || true
    for _ in $(seq 1 600); do kill -0 "$SUP_PID" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$SUP_PID" 2>/dev/null || true
  fi
  wait "$SUP_PID" 2>/dev/null || true
  SUP_PID=""
}

stack_print_logs() {
  echo "----- $SUP_LOG (tail) -----"; tail -n 40 "$SUP_LOG" 2>/dev/null || true
  for f in "$DATA_DIR"/logs/*.log; do
    [ -f "$f" ] || continue
    case "$(basename "$f")" in postgres.log|minio.log|temporal.log) n=15 ;; *) n=80 ;; esac
    echo "----- ${f#"$ROOT"/} (last $n lines) -----"; tail -n "$n" "$f"
  done
}
