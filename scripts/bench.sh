#!/usr/bin/env bash
# npm run bench [-- args]: setup, build, start the stack in the bench profile (fresh .stack/bench, test ports
# + 100, control API on 20090), then `node test/dist/bench/run.js args` with STACK_FILE set. Always stops the stack.
# Args: --quick (smaller samples), --only=images,urls,videos,formats,collections,load, --clients=N, --budget=SECONDS,
# --cluster (after the bench profile's run: a second stack in the cluster profile, .stack/bench-cluster, runs the
# image phase again; its figures and their ratios to the dev server's go into the same results file, "cluster").
# Env: SKIP_SETUP=1 / SKIP_BUILD=1 skip those steps. BENCH_CPU_PROF=1 profiles the render worker and the API (V8 CPU profiles, summarised after the stack stops,
# kept in .stack/bench-profiles/<time>/). See bench/README.md.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
say() { echo "[bench] $*"; }

CLUSTER=0
ARGS=()
for a in "$@"; do
  if [ "$a" = "--cluster" ]; then CLUSTER=1; else ARGS+=("$a"); fi
done
set -- ${ARGS[@]+"${ARGS[@]}"}

SETUP_FOR=dev; [ "$CLUSTER" = 0 ] || SETUP_FOR=cluster
if [ "${SKIP_SETUP:-}" = 1 ]; then say "setup skipped (SKIP_SETUP=1)"; else say "setup (--for $SETUP_FOR)"; bash scripts/setup.sh --for "$SETUP_FOR"; fi
if [ "${SKIP_BUILD:-}" = 1 ]; then say "build skipped (SKIP_BUILD=1)"; else say "build"; npm run -s build; fi

# the worker keeps its default VIDEO_CHUNK_FRAMES: #14 judges videos with the default settings (the two-worker
# figure renders a video long enough for two chunks instead)
PROF_DIR=""
if [ "${BENCH_CPU_PROF:-}" = 1 ]; then
  # Node 20 refuses --cpu-prof in NODE_OPTIONS: a preload starts the profiler and writes it when the service exits
  PROF_DIR="$ROOT/.stack/bench-profiles/$(date -u +%Y%m%dT%H%M%SZ)"
  mkdir -p "$PROF_DIR"
  export BENCH_CPU_PROF_DIR="$PROF_DIR"
  export RENDER_WORKER_NODE_OPTIONS="--require $ROOT/test/dist/bench/cpu-profile-preload.js"
  export API_NODE_OPTIONS="--require $ROOT/test/dist/bench/cpu-profile-preload.js"
  say "CPU profiles of render-worker and api -> ${PROF_DIR#"$ROOT"/}"
fi
# shellcheck source=lib/stack.sh
source "$ROOT/scripts/lib/stack.sh"
stack_start bench "${STACK_CONTROL_PORT:-20090}" "${STACK_DATA_DIR:-.stack/bench}"

if [ -f test/dist/bench/run.js ]; then
  set +e
  node test/dist/bench/run.js "$@"
  code=$?
  set -e
else
  say "test/dist/bench/run.js not found: nothing to run yet (the stack started fine)"
  code=0
fi
stack_stop
if [ "$CLUSTER" = 1 ] && [ -f test/dist/bench/run.js ]; then
  dev_result="$(ls -t bench/results/bench-*.json 2>/dev/null | head -1)"
  if [ -z "$dev_result" ]; then
    say "--cluster: the bench profile's run wrote no results; no cluster pass"
  else
    unset RENDER_WORKER_NODE_OPTIONS API_NODE_OPTIONS
    quick=(); for a in "$@"; do case "$a" in --quick|--clients=*) quick+=("$a") ;; esac; done
    stack_start cluster "${STACK_CONTROL_PORT:-20090}" "${STACK_CLUSTER_DATA_DIR:-.stack/bench-cluster}"
    set +e
    node test/dist/bench/run.js --only=images ${quick[@]+"${quick[@]}"} "--compare-with=$dev_result,bench/results/latest.json"
    c=$?
    set -e
    [ "$code" -ne 0 ] || code=$c
    stack_stop
  fi
fi
if [ -n "$PROF_DIR" ] && ls "$PROF_DIR"/*.cpuprofile >/dev/null 2>&1; then
  node test/dist/bench/cpu-profile-summary.js "$PROF_DIR" 15 | tee "$PROF_DIR/summary.txt"
fi
exit "$code"
