import { type ConfigOf, capsEnv, collectionEnv, commonEnv, fileUrlEnv, storageEnv, loadConfig, type EnvSchema } from '@rp/config';

export const apiEnvSchema = {
  type: 'object',
  properties: {
    ...commonEnv,
    ...storageEnv,
    ...fileUrlEnv,
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    /** /healthz, the detailed /readyz and /metrics: never exposed publicly (docs/security.md). */
    OPS_PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8081 },
    HOST: { type: 'string', default: '0.0.0.0' },
    BODY_LIMIT_BYTES: { type: 'integer', minimum: 1024, default: 1048576 },
    ASSET_LIMIT_BYTES: { type: 'integer', minimum: 1024, default: 10485760 },
    RATE_LIMIT_PER_MINUTE: { type: 'integer', minimum: 0, default: 6000 },
    PREVIEW_RATE_LIMIT_PER_MINUTE: { type: 'integer', minimum: 0, default: 120 },
    PREVIEW_TIMEOUT_MS: { type: 'integer', minimum: 1000, maximum: 600000, default: 60000 },
    ...collectionEnv,
    WEBHOOK_LIMIT_PER_ORG: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
    SCHEDULE_LIMIT_PER_ORG: { type: 'integer', minimum: 1, maximum: 1000, default: 50 },
    URL_RENDER_WAIT_SECONDS: { type: 'integer', minimum: 1, maximum: 120, default: 30 },
    SHUTDOWN_GRACE_MS: { type: 'integer', minimum: 0, default: 10000 },
    ...capsEnv,
  },
  required: ['DATABASE_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY', 'FILE_URL_SECRET'],
} as const satisfies EnvSchema;

export type ApiConfig = ConfigOf<typeof apiEnvSchema>;

export const loadApiConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig<ApiConfig>(apiEnvSchema, env);
