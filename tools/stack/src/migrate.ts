import { loadConfig } from '@rp/config';
import { migrateEnvSchema, type MigrateEnv } from './migrate-env';
import { createDb, migrateLatest } from '@rp/db';
import { ObjectStore } from '@rp/storage';

// The Helm pre-install/pre-upgrade Job and docker-compose's one-shot run this: schema migrations plus the
// bucket, so a fresh cluster needs nothing done by hand. Safe to run any number of times.
async function main() {
  const env = loadConfig<MigrateEnv>(migrateEnvSchema, process.env);
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
