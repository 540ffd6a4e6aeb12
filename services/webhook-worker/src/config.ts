import { type FileUrlConfig, type WorkerConfig, commonEnv, fileUrlEnv, workerEnv, loadConfig, type EnvSchema } from '@rp/config';

export const webhookWorkerEnvSchema = {
  type: 'object',
  properties: {
    ...commonEnv,
    ...fileUrlEnv,
    ...workerEnv,
    /** Delays before each attempt: "0,5s,5m,30m,2h,5h,10h,10h" (8 attempts over about 27 h). */
    WEBHOOK_RETRY_SCHEDULE: {
      type: 'string',
      pattern: '^\\s*\\d+(ms|s|m|h|d)?\\s*(,\\s*\\d+(ms|s|m|h|d)?\\s*){0,49}$',
      default: '0,5s,5m,30m,2h,5h,10h,10h',
    },
    // capped below the attempt activity's 1 minute startToCloseTimeout (webhook-delivery-workflow.ts)
    WEBHOOK_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 45000, default: 15000 },
    /** Concurrent attempts (local activities), workflow tasks and emitEvents per worker; fewer when the memory limit cannot hold as many. */
    WEBHOOK_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 1000, default: 50 },
    /** The worker's memory limit in MiB; 0: the container's (cgroup memory.max). Sizes the concurrency, the workflow cache and V8's heaps. */
    WEBHOOK_MEMORY_LIMIT_MB: { type: 'integer', minimum: 0, maximum: 1048576, default: 0 },
    /** Cached workflows at most; 0: derived from the memory limit (memory-budget.ts). */
    WEBHOOK_MAX_CACHED_WORKFLOWS: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
  },
  required: ['DATABASE_URL', 'FILE_URL_SECRET'],
} as const satisfies EnvSchema;

export interface WebhookWorkerConfig extends WorkerConfig, FileUrlConfig {
  WEBHOOK_RETRY_SCHEDULE: string;
  WEBHOOK_TIMEOUT_MS: number;
  WEBHOOK_CONCURRENCY: number;
  WEBHOOK_MEMORY_LIMIT_MB: number;
  WEBHOOK_MAX_CACHED_WORKFLOWS: number;
}

export const loadWebhookWorkerConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig<WebhookWorkerConfig>(webhookWorkerEnvSchema, env);
