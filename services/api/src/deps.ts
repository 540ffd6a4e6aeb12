import type { FinalRenderListener, Knex } from '@rp/db';
import type { UrlSigner } from '@rp/serializers';
import type { ObjectStore } from '@rp/storage';
import type { WorkflowGateway } from '@rp/workflows/gateway';
import type { Logger } from 'pino';
import type { SsrfGuard } from '@rp/net-guard';
import type { ApiConfig } from './config';

/** Everything the API needs, injected so tests can build an app around real or test dependencies. */
export interface ApiDeps {
  config: ApiConfig;
  db: Knex;
  store: ObjectStore;
  /** Temporal, as the API uses it (starts, cancels, schedules): plain values and platform errors. */
  temporal: WorkflowGateway;
  logger: Logger;
  signUrl: UrlSigner;
  ssrfGuard: SsrfGuard;
  /** Wakes `Prefer: wait` requests when their render is final. */
  finalRenders: FinalRenderListener;
}
