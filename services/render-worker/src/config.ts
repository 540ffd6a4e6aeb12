import { type WorkerConfig, collectionEnv, commonEnv, workerEnv, loadConfig, type EnvSchema } from '@rp/config';

export const renderWorkerEnvSchema = {
  type: 'object',
  properties: {
    ...commonEnv,
    ...workerEnv,
    ...collectionEnv,
    CHROMIUM_PATH: { type: 'string', default: '/usr/bin/chromium' },
    CHROMIUM_HEADLESS_SHELL_PATH: { type: 'string', default: '/usr/bin/chromium-headless-shell' },
    BROWSER_POOL_SIZE: { type: 'integer', minimum: 1, maximum: 32, default: 2 },
    PAGE_RECYCLE_AFTER: { type: 'integer', minimum: 1, default: 200 },
    RENDER_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 64, default: 2 },
    PAGE_LOAD_TIMEOUT_MS: { type: 'integer', minimum: 100, default: 15000 },
    VIDEO_CHUNK_FRAMES: { type: 'integer', minimum: 1, default: 150 },
    FFMPEG_PATH: { type: 'string', default: 'ffmpeg' },
  },
  required: ['DATABASE_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY', 'FILE_URL_SECRET'],
} as const satisfies EnvSchema;

export interface RenderWorkerConfig extends WorkerConfig {
  CHROMIUM_PATH: string;
  CHROMIUM_HEADLESS_SHELL_PATH: string;
  BROWSER_POOL_SIZE: number;
  PAGE_RECYCLE_AFTER: number;
  RENDER_CONCURRENCY: number;
  PAGE_LOAD_TIMEOUT_MS: number;
  VIDEO_CHUNK_FRAMES: number;
  FFMPEG_PATH: string;
  COLLECTION_CONCURRENCY: number;
}

export const loadRenderWorkerConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig<RenderWorkerConfig>(renderWorkerEnvSchema, env);
