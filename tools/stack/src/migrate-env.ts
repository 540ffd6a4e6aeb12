import type { EnvSchema } from '@rp/config';

/** What the migration (Helm Job, docker-compose one-shot) reads: the database, and MinIO to create the bucket. */
export const migrateEnvSchema = {
  type: 'object',
  properties: {
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    MINIO_ENDPOINT: { type: 'string', default: 'http://127.0.0.1:9000' },
    MINIO_ACCESS_KEY: { type: 'string' },
    MINIO_SECRET_KEY: { type: 'string' },
    MINIO_BUCKET: { type: 'string', default: 'renders' },
  },
  required: ['DATABASE_URL'],
} as const satisfies EnvSchema;

export interface MigrateEnv {
  DATABASE_URL: string;
  MINIO_ENDPOINT: string;
  MINIO_ACCESS_KEY?: string;
  MINIO_SECRET_KEY?: string;
  MINIO_BUCKET: string;
}
