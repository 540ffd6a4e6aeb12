import { ApplicationFailure } from '@temporalio/common';
import type { EmitEventInput } from '@rp/workflow-safe';
import { collectionItemViews, ensureImplicitWebhook, webhookEventId, type Knex } from '@rp/db';
import { iso, serializeCollection, serializePerson, serializeRender, type UrlSigner } from '@rp/serializers';

export interface EventPayload {
  type: string;
  /** The moment the event happened (e.g. completed_at), so it is the same on every retry. */
  timestamp: string;
  /** The resource exactly as the API's GET returns it. */
  data: unknown;
}

export interface BuiltEvent {
  eventId: string;
  payload: EventPayload;
  /** The render's own webhook (from its webhook_url): it gets the event whatever the org subscribes to. */
  implicitWebhookId: string | null;
}

const notFound = (input: EmitEventInput) =>
  ApplicationFailure.nonRetryable(`${input.type}: resource ${input.resourceId} not found in org ${input.orgId}`, 'resource_not_found');

/** Loads the event's resource and builds the payload every delivery of the event will send. */
export async function buildEvent(db: Knex, sign: UrlSigner, input: EmitEventInput): Promise<BuiltEvent> {
  const resource = input.type.split('.')[0];
  const base = { eventId: webhookEventId(input.type, input.resourceId), implicitWebhookId: null as string | null };

  if (resource === 'image' || resource === 'video') {
    const r = await db('renders').where({ id: input.resourceId, org_id: input.orgId }).first();
    if (!r || r.kind !== resource) throw notFound(input);
    let implicit: string | null = r.webhook_id ?? null;
    // a render created without the implicit record still reaches its webhook_url
    if (!implicit && r.webhook_url) implicit = await ensureImplicitWebhook(db, r.org_id, r.webhook_url);
    return {
      ...base,
      implicitWebhookId: implicit,
      payload: { type: input.type, timestamp: iso(r.completed_at ?? r.started_at ?? r.created_at)!, data: serializeRender(r, sign) },
    };
  }

  if (resource === 'collection') {
    const c = await db('collections').where({ id: input.resourceId, org_id: input.orgId }).first();
    if (!c) throw notFound(input);
    const items = await collectionItemViews(db, input.orgId, c.id);
    return {
      ...base,
      payload: { type: input.type, timestamp: iso(c.completed_at ?? c.created_at)!, data: serializeCollection(c, sign, items) },
    };
  }

  if (resource === 'person') {
    const p = await db('people').where({ id: input.resourceId, org_id: input.orgId }).first();
    if (!p) throw notFound(input);
    const photo = p.photo_asset_id
      ? await db('assets').where({ id: p.photo_asset_id, org_id: p.org_id }).first('storage_path')
      : null;
    const at = input.type === 'person.created' ? p.created_at : p.updated_at;
    // a person is updated many times: each update (by its updated_at) is its own event
    const eventId = input.type === 'person.updated' ? `${base.eventId}:${new Date(at).getTime()}` : base.eventId;
    return {
      ...base,
      eventId,
      payload: { type: input.type, timestamp: iso(at)!, data: serializePerson(p, sign, photo?.storage_path ?? null) },
    };
  }

  throw ApplicationFailure.nonRetryable(`unknown event type ${input.type}`, 'unknown_event_type');
}
