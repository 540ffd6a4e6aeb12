#!/usr/bin/env bash
# npm run setup [-- --for PROFILE[,PROFILE...]]: installs what a use of the repository needs, idempotent and cached
# (every step checks before it acts, so a second run takes seconds). Profiles:
#   dev      (default; `npm start`) Postgres, Chromium, ffmpeg, fonts, the Temporal CLI, MinIO, the PNG codec, npm ci
#   test     dev + what the test tiers use besides: poppler-utils, Helm, the Schemathesis and Python SDK venvs
#   cluster  dev + the Temporal server, its SQL tool and the UI server (the cluster profile, docs/stack.md)
#   images   buildah, podman, runc, debootstrap (scripts/images.sh, the container tier), the PNG codec
#   sdk      the Python SDK toolchain venv and npm ci (`npm run sdk`)
#   all      every one of them
# Steps that do not depend on each other run concurrently: apt (then the Python venvs), each Go build, the Temporal
# CLI download, npm ci. Each step logs to $CACHE_DIR/logs/setup/STEP.log; a failure names the step and shows its
# log's tail. Each step's time goes to $CACHE_DIR/setup-times.json, which the supervisor prints when it is ready.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_DIR="${RENDER_CACHE_DIR:-$HOME/.cache/render-platform}"
BIN_DIR="$CACHE_DIR/bin"
LOG_DIR="$CACHE_DIR/logs/setup"
mkdir -p "$BIN_DIR" "$LOG_DIR"

# postgresql, Chromium, ffmpeg and the fonts every render may use (docs/engines.md); the worker image installs the
# same rendering packages (test/src/helm/docker.test.ts reads this list).
APT_PACKAGES=(postgresql chromium chromium-headless-shell ffmpeg fonts-dejavu-core fonts-liberation fonts-noto-color-emoji poppler-utils ca-certificates)
# poppler-utils decodes PDFs in the tests only; the dev profile leaves it out.
APT_TEST_ONLY=(poppler-utils)
# The container tier (scripts/images.sh, test/src/containers) builds and runs the images without a Docker engine.
APT_IMAGE_TOOLS=(buildah podman runc debootstrap)

PROFILES=" "
add_profile() {
  case "$1" in
    dev|images|sdk) PROFILES+="$1 " ;;
    test|cluster) PROFILES+="dev $1 " ;;
    all) PROFILES+="dev test cluster images sdk " ;;
    *) echo "[setup] unknown profile '$1' (dev, test, cluster, images, sdk, all)" >&2; exit 2 ;;
  esac
}
while [ $# -gt 0 ]; do
  case "$1" in
    --for) [ $# -ge 2 ] || { echo "[setup] --for needs a profile" >&2; exit 2; }; for p in ${2//,/ }; do add_profile "$p"; done; shift 2 ;;
    --for=*) v="${1#--for=}"; for p in ${v//,/ }; do add_profile "$p"; done; shift ;;
    *) echo "[setup] unknown argument '$1' (usage: setup.sh [--for dev|test|cluster|images|sdk|all[,...]])" >&2; exit 2 ;;
  esac
done
[ "$PROFILES" != " " ] || add_profile dev
for_profile() { [[ "$PROFILES" == *" $1 "* ]]; }
FOR=""; for p in dev test cluster images sdk; do for_profile "$p" && FOR+="${FOR:+,}$p"; done

# shellcheck source=lib/setup-steps.sh
source "$ROOT/scripts/lib/setup-steps.sh"

# The steps this run selects, in the order the summary lists them.
STEPS=(apt)
for_profile dev && STEPS+=(sandbox-user temporal-cli minio)
# the render worker's PNG codec: its image carries the file the checkout builds
{ for_profile dev || for_profile images; } && STEPS+=(png-codec)
for_profile test && STEPS+=(helm schemathesis)
{ for_profile test || for_profile sdk; } && STEPS+=(sdk-python)
for_profile cluster && STEPS+=(temporal-server temporal-sql-tool temporal-ui-server)
{ for_profile dev || for_profile sdk; } && STEPS+=(npm-ci)
selected() { [[ " ${STEPS[*]} " == *" $1 "* ]]; }

STATE="$(mktemp -d)"
trap 'rm -rf "$STATE"' EXIT
now_ms() { date +%s%3N; }

# run_step NAME: runs do_NAME when need_NAME says there is work, under a per-step lock shared by every checkout that
# uses this cache dir (npm ci is per checkout). Records "status seconds exit" in $STATE/NAME.
run_step() {
  local name="$1" fn="${1//-/_}" t0 rc=0 status=cached
  t0=$(now_ms)
  [ "$name" = npm-ci ] || { exec {lock}>"$CACHE_DIR/.setup-$name.lock"; flock "$lock"; }
  if "need_$fn"; then
    status=ran
    echo "[setup] $name: started (log: $LOG_DIR/$name.log)"
    set +e
    ( set -euo pipefail; "do_$fn" ) >"$LOG_DIR/$name.log" 2>&1
    rc=$?
    set -e
    [ "$rc" -eq 0 ] || status=failed
    echo "[setup] $name: $status in $(( ($(now_ms) - t0) / 1000 ))s"
  fi
  echo "$status $(( $(now_ms) - t0 )) $rc" >"$STATE/$name"
  return "$rc"
}
run_if_selected() { if selected "$1"; then run_step "$1"; fi; }

T0=$(now_ms)
run_if_selected sandbox-user || true
# apt first in its chain: the venvs may need python3-venv from it. Everything else is independent of apt.
( if run_step apt; then
    run_if_selected schemathesis & run_if_selected sdk-python & wait
  fi ) &
for s in temporal-cli minio png-codec helm temporal-server temporal-sql-tool temporal-ui-server npm-ci; do
  if selected "$s"; then run_step "$s" & fi
done
wait || true

# setup-times.json: this run's steps, for the supervisor's ready message and for measuring time to ready.
failed=()
steps_json=""
for s in "${STEPS[@]}"; do
  if [ -f "$STATE/$s" ]; then read -r status ms rc <"$STATE/$s"; else status="not-run" ms=0 rc=0; fi
  [ "$status" = cached ] || [ "$status" = ran ] || failed+=("$s")
  steps_json+="${steps_json:+,}{\"name\":\"$s\",\"status\":\"$status\",\"ms\":$ms}"
done
T1=$(now_ms)
printf '{"profiles":"%s","startedAt":%s,"finishedAt":%s,"ms":%s,"steps":[%s]}\n' \
  "$FOR" "$T0" "$T1" "$(( T1 - T0 ))" "$steps_json" >"$CACHE_DIR/setup-times.json.tmp"
mv "$CACHE_DIR/setup-times.json.tmp" "$CACHE_DIR/setup-times.json"

if [ "${#failed[@]}" -gt 0 ]; then
  for s in "${failed[@]}"; do
    if [ -f "$STATE/$s" ]; then
      echo "[setup] FAILED: step $s (exit $(cut -d' ' -f3 "$STATE/$s")); the end of $LOG_DIR/$s.log:" >&2
      tail -n 25 "$LOG_DIR/$s.log" | sed 's/^/    /' >&2
    else
      echo "[setup] FAILED: step $s did not run (a step before it failed)" >&2
    fi
  done
  exit 1
fi
echo "[setup] ok in $(( (T1 - T0) / 1000 ))s for $FOR (binaries in $BIN_DIR, step times in $CACHE_DIR/setup-times.json)"
