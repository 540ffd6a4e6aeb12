// Webhook helpers shared by the API (subscriptions, implicit webhooks of renders) and the webhook worker.
import crypto from 'node:crypto';
import type { Knex } from 'knex';

/** Standard Webhooks secret format: `whsec_` + base64 of the raw key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Bytes kept of a receiver's answer, per attempt and on the delivery (spec 2.7 response_body). */
export const WEBHOOK_RESPONSE_BODY_LIMIT = 4096;
/** Events an implicit (render webhook_url) webhook is listed with; it only ever gets its own renders' events. */
export const IMPLICIT_WEBHOOK_EVENTS = ['image.completed', 'image.failed', 'video.completed', 'video.failed'];

export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + crypto.randomBytes(32).toString('base64');
}

/** Event id of one resource's event: deliveries are unique per (webhook_id, event_id), so re-emitting is a no-op. */
export const webhookEventId = (type: string, resourceId: string) => `${type}:${resourceId}`;

/**
 * The implicit webhook that serves a render's `webhook_url`: one per org and URL, created on first use.
 * Race-safe: concurrent callers meet on the partial unique index (org_id, url) WHERE implicit AND deleted_at IS NULL;
 * the loser's INSERT waits for the winner's commit, does nothing, and reads the winner's row.
 * A render naming the URL again re-enables a webhook a receiver had disabled with 410: naming it is fresh consent.
 */
export async function ensureImplicitWebhook(db: Knex, orgId: string, url: string): Promise<string> {
  for (let i = 0; i < 3; i++) {
    const inserted = await db.raw(
      `INSERT INTO webhooks (org_id, url, events, implicit, secret, description)
       VALUES (?, ?, ?::jsonb, true, ?, 'Implicit webhook for renders with this webhook_url')
       ON CONFLICT (org_id, url) WHERE implicit AND deleted_at IS NULL DO NOTHING
       RETURNING id`,
      [orgId, url, JSON.stringify(IMPLICIT_WEBHOOK_EVENTS), generateWebhookSecret()],
    );
    if (inserted.rows.length) return inserted.rows[0].id as string;
    const row = await db('webhooks')
      .where({ org_id: orgId, url, implicit: true })
      .whereNull('deleted_at')
      .first('id', 'enabled');
    if (!row) continue; // deleted between the two statements: insert again
    if (!row.enabled) {
      await db('webhooks')
        .where({ id: row.id, enabled: false })
        .update({ enabled: true, disabled_reason: null, updated_at: db.fn.now() });
    }
    return row.id as string;
  }
  throw new Error('ensureImplicitWebhook: could not create or find the implicit webhook');
}

/**
 * SQL: whether an enabled, explicit webhook of the org `orgSql` subscribes to the event type `eventSql` or to `*`.
 * Both are SQL expressions (a bound `?`, a column), so hasSubscribers and the statement that finishes a render
 * (finish-render.ts) apply one rule.
 */
export const webhookSubscribedSql = (orgSql: string, eventSql: string) =>
  `exists (select 1 from webhooks w where w.org_id = ${orgSql} and w.enabled and not w.implicit and w.deleted_at is null ` +
  `and (w.events @> jsonb_build_array(${eventSql}) or w.events @> '["*"]'::jsonb))`;

/**
 * Whether an event has a receiver: the render's own (implicit) webhook, or an enabled org webhook subscribed to
 * the event type or `*`. Callers skip starting event work when nobody listens.
 */
export async function hasSubscribers(db: Knex, orgId: string, eventType: string, webhookId: string | null): Promise<boolean> {
  if (webhookId) return true;
  const { rows } = await db.raw(`select ${webhookSubscribedSql('?::uuid', '?::text')} as subscribed`, [orgId, eventType]);
  return rows[0]?.subscribed === true;
}
