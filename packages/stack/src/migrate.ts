import { loadConfig, type EnvSchema } from '@rp/config';
import { createDb, migrateLatest } from '@rp/db';
import { ObjectStore } from '@rp/storage';

// The Helm pre-install/pre-upgrade Job and docker-compose's one-shot run this: schema migrations plus the
// bucket, so a fresh cluster needs nothing done by hand. Safe to run any number of times.
const schema = {
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

interface MigrateEnv {
  DATABASE_URL: string;
  MINIO_ENDPOINT: string;
  MINIO_ACCESS_KEY?: string;
  MINIO_SECRET_KEY?: string;
  MINIO_BUCKET: string;
}

async function main() {
  const env = loadConfig<MigrateEnv>(schema, process.env);
  const db = createDb(env.DATABASE_URL, { poolMax: 2 });
  try {
    const applied = await migrateLatest(db);
    process.stdout.write(`migrate: ${applied.length ? applied.join(', ') : 'already up to date'}\n`);
  } finally {
    await db.destroy();
  }
  if (env.MINIO_ACCESS_KEY && env.MINIO_SECRET_KEY) {
    await new ObjectStore({
      endpoint: env.MINIO_ENDPOINT,
      accessKey: env.MINIO_ACCESS_KEY,
      secretKey: env.MINIO_SECRET_KEY,
      bucket: env.MINIO_BUCKET,
    }).ensureBucket();
    process.stdout.write(`migrate: bucket ${env.MINIO_BUCKET} ready\n`);
  }
}

main().catch((err) => {
  process.stderr.write(`migrate: ${(err as Error).message}\n`);
  process.exit(1);
});
