import { type ConfigOf, capsEnv, collectionEnv, commonEnv, storageEnv, workerEnv, loadConfig, type EnvSchema } from '@rp/config';

export const renderWorkerEnvSchema = {
  type: 'object',
  properties: {
    ...commonEnv,
    ...storageEnv,
    ...workerEnv,
    ...collectionEnv,
    ...capsEnv,
    CHROMIUM_PATH: { type: 'string', default: '/usr/bin/chromium' },
    CHROMIUM_HEADLESS_SHELL_PATH: { type: 'string', default: '/usr/bin/chromium-headless-shell' },
    BROWSER_POOL_SIZE: { type: 'integer', minimum: 1, maximum: 32, default: 3 },
    PAGE_RECYCLE_AFTER: { type: 'integer', minimum: 1, default: 200 },
    /** Browser state per org (a context each, idle ones closed LRU) or per render (a fresh context each); docs/ARCHITECTURE.md. */
    RENDER_BROWSER_ISOLATION: { type: 'string', enum: ['org', 'render'], default: 'org' },
    RENDER_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 64, default: 2 },
    PAGE_LOAD_TIMEOUT_MS: { type: 'integer', minimum: 100, default: 15000 },
    VIDEO_CHUNK_FRAMES: { type: 'integer', minimum: 1, default: 150 },
    FFMPEG_PATH: { type: 'string', default: 'ffmpeg' },
    /** A root worker starts Chromium as this user (docs/security.md); ignored when the worker is not root. */
    RENDER_SANDBOX_USER: { type: 'string', minLength: 1, default: 'rp-chromium' },
    /** Start without Chromium's sandbox where user namespaces are unavailable (logged as a warning). */
    RENDER_ALLOW_NO_SANDBOX: { type: 'integer', enum: [0, 1], default: 0 },
    /** Native engine processes per worker process (each draws one render at a time; started on first use). */
    NATIVE_ENGINE_PROCESSES: { type: 'integer', minimum: 1, maximum: 32, default: 2 },
    /** 1: collection items run in a child process under `nice -n 10`; 0: on a second Worker in this process. */
    RENDER_BATCH_PROCESS: { type: 'integer', enum: [0, 1], default: 1 },
    /** main: workflows and every activity; batch: only collection items, on the batch queue (the child sets it). */
    RENDER_WORKER_ROLE: { type: 'string', enum: ['main', 'batch'], default: 'main' },
  },
  required: ['DATABASE_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'],
} as const satisfies EnvSchema;

export type RenderWorkerConfig = ConfigOf<typeof renderWorkerEnvSchema>;

export const loadRenderWorkerConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig<RenderWorkerConfig>(renderWorkerEnvSchema, env);
