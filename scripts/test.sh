#!/usr/bin/env bash
# npm test [-- --quick] [jest args...]: setup, build, lint, typecheck, then Jest against the real stack
# (test profile: fresh .stack/test, test ports, control API), then the container tier (see below). The stack is always stopped afterwards.
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

# setup for what the selected tiers run: every tier uses the test profile; the container tier adds the image tools,
# the cluster tier the Temporal server binaries. A clean clone's `npm test` installs all of it, concurrently.
SETUP_FOR=test
case ",${TEST_TIERS:-main,containers,cluster}," in *,containers,*) SETUP_FOR+=,images ;; esac
case ",${TEST_TIERS:-main,containers,cluster}," in *,cluster,*) SETUP_FOR+=,cluster ;; esac
if [ "${SKIP_SETUP:-}" = 1 ]; then say "setup skipped (SKIP_SETUP=1)"; else say "setup (--for $SETUP_FOR)"; bash scripts/setup.sh --for "$SETUP_FOR"; fi
say "build"; npm run -s build
say "lint"; npm run -s lint
say "typecheck"; npm run -s typecheck

# small video chunks so the suite exercises chunked rendering on short videos (tests assume 40)
export RENDER_WORKER_VIDEO_CHUNK_FRAMES="${RENDER_WORKER_VIDEO_CHUNK_FRAMES:-40}"
# shellcheck source=lib/stack.sh
source "$ROOT/scripts/lib/stack.sh"
export TEST_PROFILE=$([ "$QUICK" = 1 ] && echo quick || echo full)

# Two tiers, one after the other, each with its own stack (same ports, own data dir):
#  main       the stack runs the services from dist/ (everything but test/src/containers);
#  containers the stack runs only Postgres, MinIO and Temporal; the API and workers run from their images under
#             podman as the Helm chart runs them (scripts/images.sh builds them, cached; TEST_TIER=containers).
#  cluster    the stack runs in the cluster profile (the Temporal server on Postgres, two replicas of each service
#             behind the API proxy); test/src/cluster (the scale-out fault test) and the spec suite
#             (CLUSTER_SPEC_TESTS in jest.config.js). Selected by no filter or a filter that picks a file of
#             test/src/cluster (a filter for the spec files alone runs them in the main tier only).
# A tier runs when the Jest filters select any of its files; TEST_TIERS=main (or containers, cluster, a list) runs those.
tier_selected() {
  case ",${TEST_TIERS:-main,containers,cluster}," in *",$1,"*) ;; *) return 1 ;; esac
  local listed
  listed="$(TEST_TIER="$1" npx jest --listTests ${JEST_ARGS[@]+"${JEST_ARGS[@]}"} 2>/dev/null)"
  if [ "$1" = cluster ] && [ "${#JEST_ARGS[@]}" -gt 0 ]; then
    grep -q '/test/src/cluster/' <<<"$listed"
  else
    [ -n "$listed" ]
  fi
}

code=0
run_jest() { # tier
  say "jest: $1 tier (TEST_PROFILE=$TEST_PROFILE)"
  set +e
  TEST_TIER="$1" npx jest --runInBand --ci ${JEST_ARGS[@]+"${JEST_ARGS[@]}"}
  local c=$?
  set -e
  if [ "$c" -ne 0 ]; then
    say "jest failed in the $1 tier (exit $c); service logs follow"
    stack_print_logs
    [ "$code" -ne 0 ] || code=$c
  fi
}

if tier_selected main; then
  stack_start test "${STACK_CONTROL_PORT:-19990}" "${STACK_DATA_DIR:-.stack/test}"
  run_jest main
  stack_stop
fi
if tier_selected containers; then
  say "container tier: images"; t0=$(date +%s)
  bash scripts/images.sh
  export STACK_SKIP_SERVICES=api,render-worker,webhook-worker
  stack_start test "${STACK_CONTROL_PORT:-19990}" "${STACK_CONTAINERS_DATA_DIR:-.stack/containers}"
  unset STACK_SKIP_SERVICES
  run_jest containers
  stack_stop
  say "container tier took $(( $(date +%s) - t0 ))s (images included)"
fi
if tier_selected cluster; then
  t0=$(date +%s)
  stack_start cluster "${STACK_CONTROL_PORT:-19990}" "${STACK_CLUSTER_DATA_DIR:-.stack/cluster-test}"
  run_jest cluster
  stack_stop
  say "cluster tier took $(( $(date +%s) - t0 ))s"
fi
exit "$code"
