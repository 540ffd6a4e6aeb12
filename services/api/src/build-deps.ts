import pino from 'pino';
import { temporalTls } from '@rp/config';
import { connectWorkflowGateway } from '@rp/workflows/gateway';
import { createDb, createFinalRenderListener } from '@rp/db';
import { ObjectStore, createFileUrlSigner } from '@rp/storage';
import { createSsrfGuard } from '@rp/net-guard';
import type { ApiConfig } from './config';
import type { ApiDeps } from './deps';

/** Connects nothing eagerly: Postgres and Temporal connect on first use, so the API boots while they are down. */
export function buildDeps(config: ApiConfig): ApiDeps {
  const logger = pino({ level: config.LOG_LEVEL, base: { service: 'api' } });
  return {
    config,
    logger,
    db: createDb(config.DATABASE_URL, { poolMax: 20 }),
    store: new ObjectStore({
      endpoint: config.MINIO_ENDPOINT,
      accessKey: config.MINIO_ACCESS_KEY,
      secretKey: config.MINIO_SECRET_KEY,
      bucket: config.MINIO_BUCKET,
    }),
    temporal: connectWorkflowGateway({ address: config.TEMPORAL_ADDRESS, namespace: config.TEMPORAL_NAMESPACE, tls: temporalTls(config) }),
    signUrl: createFileUrlSigner({ publicApiUrl: config.PUBLIC_API_URL, secret: config.FILE_URL_SECRET }),
    ssrfGuard: createSsrfGuard({ allowCidrs: config.SSRF_ALLOW_CIDRS }),
    finalRenders: createFinalRenderListener(config.DATABASE_URL),
  };
}
