import type { WebhookActivities } from '@rp/workflow-safe';
import { HostUnresolvableError, SsrfBlockedError } from '@rp/net-guard';
import type { WebhookActivityDeps } from './activity-deps';
import { activityLogger } from '@rp/worker-runtime';
import { parseRetryAfter } from './retry-after';
import { sendWebhook } from './send-webhook';
import { signedHeaders } from './sign-webhook';
import type { AttemptOutcome } from './webhook-metrics';

/** `series` is set by redeliver (1 otherwise): an attempt of a superseded series must not send. */
export type AttemptInput = Parameters<WebhookActivities['attemptDelivery']>[0] & { series?: number };
export type AttemptResult = Awaited<ReturnType<WebhookActivities['attemptDelivery']>>;

export const WEBHOOK_USER_AGENT = 'render-platform-webhooks/1.0 (+https://www.standardwebhooks.com)';

interface AttemptRecord {
  http_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number;
}

type Row = Record<string, any>;

const DELIVERY_STATUS: Record<AttemptOutcome, string> = {
  succeeded: 'succeeded',
  retry: 'retrying',
  failed: 'failed',
  disabled: 'failed',
};

/**
 * attemptDelivery: one signed POST, recorded in Postgres. HTTP failures are outcomes, never exceptions; only
 * infrastructure errors (Postgres down) throw, so Temporal retries the activity. A retried activity whose
 * attempt is already recorded answers the recorded outcome without sending again.
 */
// eslint-disable-next-line max-lines-per-function -- a factory whose body is the activities it returns, each a function of its own.
export function createAttemptDelivery(deps: WebhookActivityDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** The delivery, its webhook, and whether attempt `attempt` of the current series is already recorded. */
  const loadDelivery = (deliveryId: string, attempt = 0): Promise<Row | undefined> =>
    db('webhook_deliveries as d')
      .join('webhooks as w', 'w.id', 'd.webhook_id')
      .where('d.id', deliveryId)
      .first(
        'd.*',
        'w.url',
        'w.secret',
        'w.enabled as webhook_enabled',
        'w.deleted_at as webhook_deleted_at',
        'w.disabled_reason as webhook_disabled_reason',
        db.raw(
          'exists(select 1 from webhook_attempts a where a.delivery_id = d.id and a.series = d.series and a.attempt = ?) as recorded',
          [attempt],
        ),
      );

  // The delivery row is updated in the same transaction as its latest attempt row, so it holds that outcome.
  const recordedOutcome = (d: Row): AttemptResult => {
    if (d.status === 'succeeded') return { outcome: 'succeeded', nextDelayMs: null };
    if (d.status === 'retrying') {
      const at = d.next_retry_at ? new Date(d.next_retry_at).getTime() : now();
      return { outcome: 'retry', nextDelayMs: Math.max(0, at - now()) };
    }
    return { outcome: 'failed', nextDelayMs: null };
  };

  /** Sends unless the target is blocked; says what happened and what comes next. */
  const send = async (d: Row, input: AttemptInput): Promise<{ outcome: AttemptOutcome; rec: AttemptRecord; nextDelayMs: number | null }> => {
    const rec: AttemptRecord = { http_status: null, response_body: null, error: null, duration_ms: 0 };
    const retryOrFail = (retryAfterMs: number | null) =>
      input.nextDelayMs === null
        ? { outcome: 'failed' as const, rec, nextDelayMs: null }
        : { outcome: 'retry' as const, rec, nextDelayMs: Math.max(input.nextDelayMs, retryAfterMs ?? 0) };

    if (!d.webhook_enabled || d.webhook_deleted_at) {
      rec.error = d.webhook_deleted_at
        ? 'webhook deleted; not sent'
        : `webhook disabled${d.webhook_disabled_reason ? ` (${d.webhook_disabled_reason})` : ''}; not sent`;
      return { outcome: 'disabled', rec, nextDelayMs: null };
    }
    let target: { url: URL; address: string };
    try {
      // checked at every attempt: DNS may point somewhere else since the webhook was created
      target = await deps.ssrfGuard.check(d.url);
    } catch (e) {
      if (!(e instanceof SsrfBlockedError)) throw e;
      // the tenant reads rec.error: host and rule only; the resolved address goes to our log
      rec.error = `ssrf_blocked: ${e.message}`.slice(0, 500);
      if (e.detail) deps.logger.warn({ delivery_id: d.id, detail: e.detail }, 'webhook target blocked');
      // a name that does not resolve may be a DNS hiccup: retried like a refused connection
      if (e instanceof HostUnresolvableError) return retryOrFail(null);
      return { outcome: 'failed', rec, nextDelayMs: null };
    }
    const body = JSON.stringify(d.payload);
    const res = await sendWebhook({
      url: target.url,
      address: target.address,
      body,
      timeoutMs: deps.timeoutMs,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        ...signedHeaders(d.secret, d.id, body, now()),
      },
    });
    Object.assign(rec, { http_status: res.status, response_body: res.body, error: res.error, duration_ms: res.durationMs });
    const st = res.status;
    if (st !== null && st >= 200 && st < 300) return { outcome: 'succeeded', rec, nextDelayMs: null };
    if (st === 410) {
      rec.error = 'receiver answered 410 Gone: webhook disabled';
      return { outcome: 'disabled', rec, nextDelayMs: null };
    }
    return retryOrFail(st === 429 || st === 503 ? parseRetryAfter(res.retryAfter, now()) : null);
  };

  return async function attemptDelivery(input: AttemptInput): Promise<AttemptResult> {
    const log = activityLogger(deps.logger).child({ delivery_id: input.deliveryId, attempt: input.attempt });
    const series = input.series ?? 1;
    const d = await loadDelivery(input.deliveryId, input.attempt);
    if (!d) return { outcome: 'failed', nextDelayMs: null }; // deleted with its org or webhook
    if (d.series !== series) {
      log.info({ series, current_series: d.series }, 'attempt of a superseded series skipped');
      return { outcome: 'failed', nextDelayMs: null };
    }
    if (d.recorded || d.status === 'succeeded' || d.status === 'failed') {
      log.info({ status: d.status }, 'attempt already recorded; not sent again');
      return recordedOutcome(d);
    }

    const { outcome, rec, nextDelayMs } = await send(d, input);
    const at = now();
    let duplicate = false;
    await db.transaction(async (trx) => {
      const inserted = await trx('webhook_attempts')
        .insert({ org_id: d.org_id, delivery_id: d.id, series, attempt: input.attempt, ...rec })
        .onConflict(['delivery_id', 'series', 'attempt'])
        .ignore()
        .returning('id');
      if (inserted.length === 0) {
        duplicate = true; // a concurrent execution of this very attempt recorded first
        return;
      }
      await trx('webhook_deliveries')
        .where({ id: d.id, series })
        .update({
          status: DELIVERY_STATUS[outcome],
          attempts: input.attempt,
          http_status: rec.http_status,
          response_body: rec.response_body,
          next_retry_at: outcome === 'retry' ? new Date(at + nextDelayMs!) : null,
          delivered_at: outcome === 'succeeded' ? new Date(at) : null,
          updated_at: new Date(at),
        });
      if (outcome === 'disabled' && rec.http_status === 410) {
        await trx('webhooks')
          .where({ id: d.webhook_id })
          .update({ enabled: false, disabled_reason: 'receiver answered 410 Gone', updated_at: new Date(at) });
      }
    });
    if (duplicate) return recordedOutcome((await loadDelivery(d.id)) ?? { status: 'failed' });

    deps.metrics.observeAttempt(outcome, rec.duration_ms / 1000);
    log.info(
      { outcome, http_status: rec.http_status, error: rec.error ?? undefined, ms: rec.duration_ms, next_delay_ms: nextDelayMs },
      'webhook attempt',
    );
    return { outcome, nextDelayMs };
  };
}
