import type { Knex } from '@rp/db';
import type { UrlSigner } from '@rp/serializers';
import type { SsrfGuard } from '@rp/net-guard';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import type { WebhookMetrics } from './webhook-metrics';
import type { StartBudget } from './start-budget';

/** What the webhook activities need, injected so tests and main.ts wire them the same way. */
export interface WebhookActivityDeps {
  db: Knex;
  /** Starts delivery workflows from emitEvent. */
  temporal: Client;
  /** The delivery starts this worker may have in flight (emitEvent's and the start-recovery sweep's). */
  startBudget: StartBudget;
  logger: Logger;
  metrics: WebhookMetrics;
  signUrl: UrlSigner;
  ssrfGuard: SsrfGuard;
  /** Parsed WEBHOOK_RETRY_SCHEDULE. */
  scheduleMs: number[];
  timeoutMs: number;
  now?: () => number;
}
