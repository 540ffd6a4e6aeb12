# syntax=docker/dockerfile:1
# One Dockerfile for the three service images; the build stage is shared. From the repository root:
#   docker build --target api            -t render-platform/api .
#   docker build --target render-worker  -t render-platform/render-worker .
#   docker build --target webhook-worker -t render-platform/webhook-worker .
# Without a Docker engine: npm run images (scripts/images.sh, buildah, a local base image via NODE_IMAGE).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Chromium comes from Debian in the render worker image: Puppeteer must never download a browser.
ENV PUPPETEER_SKIP_DOWNLOAD=1 \
    PUPPETEER_SKIP_CHROME_DOWNLOAD=1 \
    PUPPETEER_SKIP_CHROME_HEADLESS_SHELL_DOWNLOAD=1 \
    NPM_CONFIG_AUDIT=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false
# Manifests first, so the npm ci layer is reused until a dependency changes. Every workspace is listed
# (test/src/helm/docker.test.ts checks the list against package.json "workspaces").
COPY package.json package-lock.json .puppeteerrc.cjs ./
COPY packages/people/package.json packages/people/
COPY packages/workflow-safe/package.json packages/workflow-safe/
COPY packages/config/package.json packages/config/
COPY packages/db/package.json packages/db/
COPY packages/errors/package.json packages/errors/
COPY packages/design/package.json packages/design/
COPY packages/net-guard/package.json packages/net-guard/
COPY packages/engine-gate/package.json packages/engine-gate/
COPY packages/render-admission/package.json packages/render-admission/
COPY packages/serializers/package.json packages/serializers/
COPY packages/storage/package.json packages/storage/
COPY packages/worker-runtime/package.json packages/worker-runtime/
COPY tools/stack/package.json tools/stack/
COPY tools/tables/package.json tools/tables/
COPY apps/studio/package.json apps/studio/
COPY workflows/package.json workflows/
COPY services/api/package.json services/api/
COPY services/render-worker/package.json services/render-worker/
COPY services/webhook-worker/package.json services/webhook-worker/
COPY test/kit/package.json test/kit/
COPY test/package.json test/
COPY sdk/typescript/package.json sdk/typescript/
# A build host behind a TLS-intercepting proxy hands its CA bundle in as the optional build secret "ca"
# (scripts/images.sh does, from npm's cafile); it is mounted for this step only and never stored in a layer.
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=ca,target=/run/secrets/ca.pem \
    NODE_EXTRA_CA_CERTS=/run/secrets/ca.pem npm ci --loglevel=error
# The render worker's PNG codec (services/render-worker/native/png-codec.node, a Rust addon) comes in with the
# context: `npm run setup` builds it on a bookworm host like this image, and the require check below fails without it.
COPY . .
# TypeScript sources are dropped after the build; non-TS assets under src/ stay. /out holds what every
# service image shares (the per-service directories are copied by each target).
# The services' TypeScript projects (and what they reference), not the test workspace; then the workflow bundle
# and the studio the API serves (apps/studio/dist).
RUN npx tsc -b services/api services/render-worker services/webhook-worker tools/stack \
    && node scripts/bundle-workflows.js \
    && node apps/studio/build.js
# Production dependencies by a fresh `npm ci --omit=dev`, not `npm prune`: prune can stop half-way ("Exit handler
# never called", npm 10.8) and still exit 0, leaving empty package folders that fail only when a service starts. The
# require check fails the build instead if the tree is ever incomplete.
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=ca,target=/run/secrets/ca.pem \
    NODE_EXTRA_CA_CERTS=/run/secrets/ca.pem npm ci --omit=dev --loglevel=error \
    && node -e "for (const m of ['@temporalio/client', '@temporalio/worker', 'knex', 'koa', 'puppeteer', 'sharp', '@takumi-rs/core', './services/render-worker/native/png-codec.node']) require(m)" \
    && find packages tools services workflows -path '*/src/*' -name '*.ts' -not -path '*/node_modules/*' -delete \
    && find packages tools services workflows -name '*.tsbuildinfo' -delete \
    && mkdir -p /out/app \
    && mv package.json package-lock.json .puppeteerrc.cjs node_modules packages tools apps workflows /out/app/

FROM ${NODE_IMAGE} AS runtime
# HOME on /tmp: the chart mounts an emptyDir there and keeps the root filesystem read-only
# (npm, used by `npm run keys`, writes its logs under HOME).
# NODE_OPTIONS: the V8 flags every service runs with (packages/config/src/service-node-options.ts, pinned by
# test/src/helm/docker.test.ts)
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=32 \
    HOME=/tmp \
    NPM_CONFIG_CACHE=/tmp/.npm \
    NPM_CONFIG_UPDATE_NOTIFIER=false
RUN groupadd --gid 10001 app \
    && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /tmp --shell /usr/sbin/nologin app
WORKDIR /app

FROM runtime AS api
# Files stay root-owned: the app user can read but not modify them.
COPY --from=build /out/app/ ./
COPY --from=build /app/services/api ./services/api
USER 10001:10001
# PORT: the public API; OPS_PORT: /healthz, the detailed /readyz and /metrics (never published: docs/security.md)
EXPOSE 8080 8081
# Migrations (Helm pre-install hook, compose "migrate"): node tools/stack/dist/migrate.js
# API keys: npm run keys -- create --org NAME
CMD ["node", "services/api/dist/main.js"]

FROM runtime AS webhook-worker
COPY --from=build /out/app/ ./
COPY --from=build /app/services/webhook-worker ./services/webhook-worker
USER 10001:10001
# HEALTH_PORT: GET /healthz, /readyz, /metrics; TEMPORAL_METRICS_PORT: the Temporal SDK's metrics
EXPOSE 9464 9465
# V8's heaps sized for the container's memory limit (packages/config serviceHeapFlags: V8 fixes them at its start)
CMD ["sh", "-c", "exec node $(node packages/config/dist/heap-flags-cli.js webhook-worker) services/webhook-worker/dist/main.js"]

FROM runtime AS render-worker
# The same Debian packages scripts/setup.sh installs for local development (minus postgresql), plus tini:
# Chromium and ffmpeg children must be reaped, and node should not run as PID 1. Before the app layers, so
# a code change does not reinstall them.
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        chromium \
        chromium-headless-shell \
        ffmpeg \
        fonts-dejavu-core \
        fonts-liberation \
        fonts-noto-color-emoji \
        ca-certificates \
        tini \
    && rm -rf /var/lib/apt/lists/*
# Chromium's sandbox user (docs/security.md): a root-started worker (the chart's renderWorker.sandbox.switchUser)
# runs Chromium as rp-chromium, so the browser cannot read the worker's environment. No home, no login shell.
RUN groupadd --gid 10002 rp-chromium \
    && useradd --uid 10002 --gid 10002 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin rp-chromium
# XDG dirs on /tmp (an emptyDir in Kubernetes): Chromium and fontconfig write there.
ENV XDG_CONFIG_HOME=/tmp/.config \
    XDG_CACHE_HOME=/tmp/.cache \
    PUPPETEER_SKIP_DOWNLOAD=1 \
    PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium
COPY --from=build /out/app/ ./
COPY --from=build /app/services/render-worker ./services/render-worker
USER 10001:10001
# HEALTH_PORT: GET /healthz, /readyz, /metrics; TEMPORAL_METRICS_PORT: the Temporal SDK's metrics
EXPOSE 9464 9465
# tini forwards SIGTERM to node only (not the whole group), so in-flight renders keep their browsers
# for SHUTDOWN_GRACE_MS.
ENTRYPOINT ["/usr/bin/tini", "--"]
# its own V8 flags from @rp/config (serviceHeapFlags), given at its start; sh execs node, so tini's signal reaches it
CMD ["sh", "-c", "exec node $(node packages/config/dist/heap-flags-cli.js render-worker) services/render-worker/dist/main.js"]
