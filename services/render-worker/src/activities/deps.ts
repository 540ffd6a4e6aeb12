import type { Knex } from '@rp/db';
import type { ObjectStore } from '@rp/storage';
import type { SsrfGuard } from '@rp/net-guard';
import type { Logger } from 'pino';
import type { BrowserPool } from '../renderer/types';
import type { RenderWorkerConfig } from '../config';
import type { RenderMetrics } from '../render-metrics';

export interface RenderActivityDeps {
  config: RenderWorkerConfig;
  db: Knex;
  store: ObjectStore;
  pool: BrowserPool;
  ssrfGuard: SsrfGuard;
  logger: Logger;
  metrics: RenderMetrics;
  /** Result of the start-up probe for HeadlessExperimental.beginFrame support. */
  beginFrameSupported: boolean;
}
