#!/usr/bin/env bash
# Idempotent machine setup: apt packages, Go-built binaries (cached), npm ci.
# A second run takes seconds: every step checks before it acts.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_DIR="${RENDER_CACHE_DIR:-$HOME/.cache/render-platform}"
BIN_DIR="$CACHE_DIR/bin"
mkdir -p "$BIN_DIR"

step() { CURRENT_STEP="$1"; echo "[setup] $1"; }
trap 'echo "[setup] FAILED during step: ${CURRENT_STEP:-unknown} (exit $?)" >&2' ERR

APT_PACKAGES=(postgresql chromium chromium-headless-shell ffmpeg fonts-dejavu-core fonts-liberation fonts-noto-color-emoji poppler-utils ca-certificates)
# Container tier (scripts/images.sh, test/src/containers): build and run the images without a Docker engine.
IMAGE_TOOLS=(buildah podman runc debootstrap)
missing=()
for p in "${APT_PACKAGES[@]}" "${IMAGE_TOOLS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  step "apt-get install ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# A root render worker never runs Chromium as root: it starts it as this unprivileged user with Chromium's
# namespace sandbox on (docs/security.md). No home, no login shell, no groups beyond its own.
SANDBOX_USER="${RENDER_SANDBOX_USER:-rp-chromium}"
if [ "$(id -u)" -eq 0 ] && ! id -u "$SANDBOX_USER" >/dev/null 2>&1; then
  step "create user $SANDBOX_USER (Chromium sandbox)"
  useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$SANDBOX_USER"
fi

go_tool() { # name module@version
  local name="$1" mod="$2"
  local stamp="$BIN_DIR/.$name.version"
  if [ -x "$BIN_DIR/$name" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$mod" ]; then return 0; fi
  step "go install $mod"
  command -v go >/dev/null || { echo "[setup] go toolchain not found on PATH" >&2; return 1; }
  GOBIN="$BIN_DIR" GOFLAGS="-trimpath" go install "$mod"
  echo "$mod" > "$stamp"
}
go_tool temporal github.com/temporalio/cli/cmd/temporal@v1.5.1
# Pinned: the newest MinIO commit on the Go module proxy (2026-02-12); builds with the Go toolchain here.
go_tool minio github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c
go_tool helm helm.sh/helm/v3/cmd/helm@v3.19.2
# The cluster profile (docs/stack.md): the Temporal server itself on Postgres, its schema tool and the UI server,
# at the server version the CLI above embeds. Each module's binary is called `server` or `sql`, so they are renamed.
go_tool_as() { # name module@version
  local name="$1" mod="$2" tmp
  local stamp="$BIN_DIR/.$name.version"
  if [ -x "$BIN_DIR/$name" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$mod" ]; then return 0; fi
  step "go install $mod (as $name)"
  command -v go >/dev/null || { echo "[setup] go toolchain not found on PATH" >&2; return 1; }
  tmp="$(mktemp -d)"
  GOBIN="$tmp" GOFLAGS="-trimpath" go install "$mod"
  mv "$tmp"/* "$BIN_DIR/$name"
  rmdir "$tmp"
  echo "$mod" > "$stamp"
}
go_tool_as temporal-server go.temporal.io/server/cmd/server@v1.29.1
go_tool_as temporal-sql-tool go.temporal.io/server/cmd/tools/sql@v1.29.1
go_tool_as temporal-ui-server github.com/temporalio/ui-server/v2/cmd/server@v2.41.0

# Schemathesis (PyPI) fuzzes the live OpenAPI document in the test suite. Every version is pinned in
# test/schemathesis/requirements.txt so a fixed seed replays the same cases; the venv is keyed by that file.
ST_REQ="$ROOT/test/schemathesis/requirements.txt"
ST_VENV="$CACHE_DIR/schemathesis"
st_sum="$(sha256sum "$ST_REQ" | cut -d' ' -f1)"
if [ ! -x "$ST_VENV/bin/st" ] || [ "$(cat "$ST_VENV/.req-sum" 2>/dev/null)" != "$st_sum" ]; then
  step "pip install schemathesis into $ST_VENV"
  if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null
  fi
  rm -rf "$ST_VENV"
  python3 -m venv "$ST_VENV"
  "$ST_VENV/bin/pip" install -q --disable-pip-version-check -r "$ST_REQ"
  echo "$st_sum" > "$ST_VENV/.req-sum"
fi

# The Python SDK's generator (openapi-python-client), its checkers (mypy, pytest) and runtime deps (httpx, attrs,
# standardwebhooks), pinned in sdk/python/requirements-dev.txt; `npm run sdk` and the SDK tests use this venv.
SDK_REQ="$ROOT/sdk/python/requirements-dev.txt"
SDK_VENV="$CACHE_DIR/sdk-python"
sdk_sum="$(sha256sum "$SDK_REQ" | cut -d' ' -f1)"
if [ ! -x "$SDK_VENV/bin/openapi-python-client" ] || [ "$(cat "$SDK_VENV/.req-sum" 2>/dev/null)" != "$sdk_sum" ]; then
  step "pip install the Python SDK toolchain into $SDK_VENV"
  rm -rf "$SDK_VENV"
  python3 -m venv "$SDK_VENV"
  "$SDK_VENV/bin/pip" install -q --disable-pip-version-check -r "$SDK_REQ"
  echo "$sdk_sum" > "$SDK_VENV/.req-sum"
fi

export PUPPETEER_SKIP_DOWNLOAD=1 PUPPETEER_SKIP_CHROME_DOWNLOAD=1 PUPPETEER_SKIP_CHROME_HEADLESS_SHELL_DOWNLOAD=1
export PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium
cd "$ROOT"
if [ -f package-lock.json ]; then
  lock_sum="$(sha256sum package-lock.json | cut -d' ' -f1)"
  if [ ! -d node_modules ] || [ "$(cat node_modules/.lock-sum 2>/dev/null)" != "$lock_sum" ]; then
    step "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
    echo "$lock_sum" > node_modules/.lock-sum
  fi
fi
echo "[setup] ok (binaries in $BIN_DIR)"
