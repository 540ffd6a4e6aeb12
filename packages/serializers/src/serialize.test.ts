import type { CollectionRow, DeliveryRow, RenderRow, WebhookRow } from '@rp/db';
import { serializeCollection, serializeDelivery, serializeRender, serializeWebhook } from './serialize';

const sign = (p: string) => `https://api.test/files/${p}?sig=x`;
const at = new Date('2026-11-23T10:00:00.123Z');

const render: RenderRow = {
  id: 'r1', org_id: 'o1', kind: 'video', template_id: 't1', template_version: 2, status: 'completed',
  modifications: [{ name: 'title', text: 'Hi' }], metadata: { a: 1 }, webhook_url: null, webhook_id: null,
  duration_seconds: 2, fps: 30, width: 640, height: 360, result_path: 'orgs/o1/renders/r1/result.mp4',
  thumbnail_path: null, image_metadata: null, video_metadata: null, audio: null, cache_key: null, cached_from: null, error: null, progress: null, duration_ms: 900,
  collection_id: null, collection_index: null, render_count: 1, created_at: at, started_at: '2026-11-23T10:00:01.000Z', completed_at: null,
};

describe('serializers', () => {
  it('a video: signed result URL, ISO times, video fields, no storage paths', () => {
    const out = serializeRender(render, sign);
    expect(out).toMatchObject({
      object: 'video', status: 'completed', fps: 30, duration_seconds: 2, width: 640, height: 360, progress: null,
      result_url: sign('orgs/o1/renders/r1/result.mp4'), thumbnail_url: null,
      created_at: '2026-11-23T10:00:00.123Z', started_at: '2026-11-23T10:00:01.000Z', completed_at: null,
    });
    expect(out).not.toHaveProperty('result_path');
    expect(out).not.toHaveProperty('render_count');
  });

  it('an image carries image_metadata instead of the video fields', () => {
    const out = serializeRender({ ...render, kind: 'image', image_metadata: { width: 1 } }, sign);
    expect(out).toMatchObject({ object: 'image', image_metadata: { width: 1 } });
    expect(out).not.toHaveProperty('fps');
  });

  it('a collection lists its items only when given, each with a signed result URL', () => {
    const c: CollectionRow = {
      id: 'c1', org_id: 'o1', template_id: 't1', template_version: 1, name: null, type: 'image', status: 'completed',
      total: 1, completed: 1, failed: 0, zip_storage_path: 'orgs/o1/c1.zip', schedule_id: null, metadata: {}, created_at: at, completed_at: at,
    };
    expect(serializeCollection(c, sign)).not.toHaveProperty('items');
    const out = serializeCollection(c, sign, [{ index: 0, render_id: 'r1', status: 'completed', result_path: 'p', error: null, metadata: null }]);
    expect(out).toMatchObject({ zip_url: sign('orgs/o1/c1.zip'), items: [{ index: 0, result_url: sign('p'), metadata: {} }] });
  });

  it('a webhook shows its secret only when asked; a delivery its attempts and times', () => {
    const w: WebhookRow = {
      id: 'w1', org_id: 'o1', url: 'https://x.test', events: ['*'], description: null, enabled: true, implicit: false,
      secret: 'whsec_x', disabled_reason: null, created_at: at, updated_at: at, deleted_at: null,
    };
    expect(serializeWebhook(w)).not.toHaveProperty('secret');
    expect(serializeWebhook(w, { withSecret: true }).secret).toBe('whsec_x');
    const d: DeliveryRow = {
      id: 'd1', org_id: 'o1', webhook_id: 'w1', event_id: 'e1', event_type: 'image.completed', status: 'succeeded',
      http_status: 200, attempts: 1, next_retry_at: null, delivered_at: at, payload: { type: 'image.completed' },
      response_body: 'ok', series: 1, created_at: at, updated_at: at,
    };
    expect(serializeDelivery(d)).toEqual({
      id: 'd1', webhook_id: 'w1', event_type: 'image.completed', status: 'succeeded', http_status: 200, attempts: 1,
      next_retry_at: null, delivered_at: '2026-11-23T10:00:00.123Z', created_at: '2026-11-23T10:00:00.123Z',
      payload: { type: 'image.completed' }, response_body: 'ok',
    });
  });
});
