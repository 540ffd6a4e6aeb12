import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { stackControl } from '@rp/stack';
import {
  closeTestDb,
  createCardTemplate,
  decodePng,
  fetchBytes,
  isQuick,
  newOrg,
  recordFigures,
  stackInfo,
  testDb,
  waitFor,
  type TestOrg,
} from '../index';
import { startReceiver, type Receiver } from '../webhooks/webhook-test-kit';
import { isProper503, runSyncClient, syncCall, type SyncAnswer, type SyncClientReport } from './sync-client';

const FINAL = ['completed', 'failed', 'completed_with_errors'];
const SYNC_CLIENTS = 4;

/** A second instance of each service to kill: the cluster profile runs two of each. */
const REPLICAS = ['render-worker-2', 'api-2', 'webhook-worker-2'];

/**
 * The cluster profile under a mixed load while one replica of each service dies (kill -9) and comes back, and the
 * Temporal server itself is killed and restarted: a 300-item collection, 50 single renders with webhook_url and
 * `Prefer: wait` calls from several clients. Every item and render completes exactly once, every delivery arrives
 * exactly once with a valid signature, and a sync caller sees no 5xx but a 503 with Retry-After.
 */
describe('scale-out: replicas and the Temporal server killed under load (cluster profile)', () => {
  let org: TestOrg;
  let receiver: Receiver;
  /** Set when the chaos is over, or when the test failed before: the sync clients loop until it is. */
  let chaosOver = false;
  beforeAll(async () => {
    expect(stackInfo().profile).toBe('cluster');
    org = await newOrg();
    receiver = await startReceiver(() => ({ status: 200, body: 'ok' }));
  });
  afterAll(async () => {
    chaosOver = true; // a failed assertion must not leave the clients calling (Jest would never exit)
    await receiver?.close();
    await closeTestDb();
  });

  test('nothing lost, nothing doubled, every delivery once and signed, no 5xx but 503 + Retry-After', async () => {
    const began = Date.now();
    const template = await createCardTemplate(org.api);
    const n = isQuick() ? 60 : 300;
    const singles = isQuick() ? 10 : 50;
    const collection = await org.api.post('/v1/collections', {
      template_id: template.id,
      items: Array.from({ length: n }, (_, i) => ({ modifications: [{ name: 'bg', color: '#00ff00' }, { name: 'title', text: `#${i}` }] })),
    });
    expect(collection.status).toBe(202);
    const images: string[] = [];
    for (let i = 0; i < singles; i++) {
      const res = await org.api.post('/v1/images', {
        template_id: template.id,
        modifications: [{ name: 'bg', color: '#0000ff' }],
        webhook_url: `${receiver.url}/images`,
      });
      expect(res.status).toBe(202);
      images.push(res.body.id);
    }
    const clients = Array.from({ length: SYNC_CLIENTS }, () => runSyncClient(org.key, template.id, () => chaosOver));

    // the first items are done: the work is in flight everywhere when the kills start
    await waitFor(
      async () => (await org.api.get(`/v1/collections/${collection.body.id}`)).body.completed >= 5 || null,
      { timeoutMs: 180_000, everyMs: 250, what: 'the first collection items' },
    );
    for (const name of REPLICAS) {
      await stackControl.kill(name, 'SIGKILL');
      await stackControl.start(name);
    }
    // the Temporal server down: a sync call is not accepted but answered 503 + Retry-After, and the same call
    // (same Idempotency-Key) once the server is back names one render
    const down = await syncCallsWhileTemporalDown(org.key, template.id);
    // the sync clients go on for a while on the restarted server before they stop
    await new Promise((r) => setTimeout(r, 10_000));
    chaosOver = true;
    const reports = await Promise.all(clients);

    const syncIds = [...reports.flatMap((r) => [...r.renders.values()].flatMap((ids) => [...ids])), down.renderId];
    await waitFor(
      async () => {
        const c = await org.api.get(`/v1/collections/${collection.body.id}`);
        const rows = await testDb()('renders').whereIn('id', [...images, ...syncIds]).select('status');
        return FINAL.includes(c.body.status) && rows.length === images.length + syncIds.length && rows.every((r: any) => FINAL.includes(r.status));
      },
      { timeoutMs: 900_000, everyMs: 2000, what: 'every render and the collection to finish' },
    );

    // every render of the org, collection items included, completed exactly once
    const rows = await testDb()('renders').where({ org_id: org.orgId }).select('id', 'status', 'render_count', 'result_path', 'collection_id');
    expect(rows.filter((r: any) => r.status !== 'completed')).toEqual([]);
    expect(rows.filter((r: any) => r.render_count !== 1)).toEqual([]);
    expect(new Set(rows.map((r: any) => r.result_path)).size).toBe(rows.length);
    expect(rows.filter((r: any) => r.collection_id === collection.body.id)).toHaveLength(n);
    expect(rows).toHaveLength(n + singles + syncIds.length);
    expect((await org.api.get(`/v1/collections/${collection.body.id}`)).body).toMatchObject({ status: 'completed', total: n, completed: n, failed: 0 });

    // each sync call (one Idempotency-Key, retried through kills) named exactly one render; no bad 5xx
    expectSyncReports(reports);

    // what was rendered is the card with its colours: an item (green band) and a single (blue band)
    const item = await org.api.get(`/v1/images/${rows.find((r: any) => r.collection_id)!.id}`);
    const single = await org.api.get(`/v1/images/${images[0]}`);
    for (const [rec, rgb] of [[item.body, [0, 255, 0]], [single.body, [0, 0, 255]]] as const) {
      const png = decodePng((await fetchBytes(rec.result_url)).body);
      expect([png.width, png.height]).toEqual([400, 300]);
      expect(png.mean(20, 20, 360, 100).map((c, i) => Math.abs(c - rgb[i]!) < 10)).toEqual([true, true, true]);
    }

    // every single render's delivery succeeded, arrived exactly once (by webhook-id) and verifies
    const deliveries = await waitFor(
      async () => {
        const d = await testDb()('webhook_deliveries').where({ org_id: org.orgId }).select('id', 'status', 'webhook_id');
        return d.length === singles && d.every((x: any) => x.status === 'succeeded') ? d : null;
      },
      { timeoutMs: 180_000, everyMs: 1000, what: 'every delivery to succeed' },
    );
    await new Promise((r) => setTimeout(r, 2000)); // a duplicate would arrive by now
    const hooks = new Map<string, string>();
    for (const d of deliveries) {
      const hits = receiver.hitsFor(d.id);
      expect({ id: d.id, hits: hits.length }).toEqual({ id: d.id, hits: 1 });
      if (!hooks.has(d.webhook_id)) hooks.set(d.webhook_id, (await testDb()('webhooks').where({ id: d.webhook_id }).first()).secret);
      const h = hits[0]!;
      const payload = new Webhook(hooks.get(d.webhook_id)!).verify(h.body, {
        'webhook-id': h.id,
        'webhook-timestamp': h.timestamp,
        'webhook-signature': h.signature,
      }) as any;
      expect(payload).toMatchObject({ type: 'image.completed', data: { object: 'image', status: 'completed' } });
    }
    expect(new Set(deliveries.map((d: any) => JSON.parse(receiver.hitsFor(d.id)[0]!.body).data.id))).toEqual(new Set(images));

    // every process is back, and none crashed: a replica started while the Temporal server was away waited for it
    // (the supervisor would restart a crashed one, which would hide the crash from `running` alone)
    const status = await stackControl.status();
    expect(status.processes.filter((p) => !p.running).map((p) => p.name)).toEqual([]);
    expect(status.processes.filter((p) => p.crashes > 0).map((p) => ({ name: p.name, crashes: p.crashes }))).toEqual([]);
    recordFigures('cluster-scale-out', {
      collection_items: n,
      single_renders: singles,
      sync_renders: syncIds.length,
      sync_statuses: mergeStatuses(reports),
      sync_503_while_temporal_down: down.answers.length,
      sync_connection_errors: reports.reduce((a, r) => a + r.connectionErrors, 0),
      deliveries: deliveries.length,
      seconds: Math.round((Date.now() - began) / 1000),
    });
  }, 1_500_000); // above its waits' budgets (180 s, 900 s, 180 s) and the chaos between them
});

/**
 * kill -9 the Temporal server, make sync calls until it is gone from the supervisor's view (each must be a proper
 * 503; the first after it is gone must be one too), start it again, and retry the last call's key until it is
 * accepted. Returns the 503s seen and the render the retried key named.
 */
async function syncCallsWhileTemporalDown(key: string, templateId: string): Promise<{ answers: SyncAnswer[]; renderId: string }> {
  await stackControl.kill('temporal', 'SIGKILL');
  await waitFor(async () => !(await stackControl.status()).processes.find((p) => p.name === 'temporal')?.running || null, {
    timeoutMs: 30_000,
    everyMs: 100,
    what: 'the Temporal server to be gone',
  });
  const idem = crypto.randomUUID();
  const answer = await syncCall(key, templateId, idem);
  expect({ status: answer.status, retryAfter: answer.retryAfter, code: answer.body?.error?.code }).toEqual({
    status: 503,
    retryAfter: expect.stringMatching(/^[1-9]\d*$/),
    code: 'service_unavailable',
  });
  expect(isProper503(answer)).toBe(true);
  await stackControl.start('temporal');
  const answers = [answer];
  for (;;) {
    const again = await syncCall(key, templateId, idem).catch(() => null);
    if (again && (again.status === 200 || again.status === 202)) return { answers, renderId: again.body.id };
    if (again) {
      expect({ status: again.status, proper503: isProper503(again) }).toEqual({ status: 503, proper503: true });
      answers.push(again);
    }
    expect(answers.length).toBeLessThan(30);
    await new Promise((r) => setTimeout(r, Number(again?.retryAfter ?? 1) * 1000));
  }
}

function expectSyncReports(reports: SyncClientReport[]) {
  expect(reports.flatMap((r) => r.badAnswers)).toEqual([]);
  for (const r of reports) {
    for (const [key, ids] of r.renders) expect({ key, renders: ids.size }).toEqual({ key, renders: 1 });
  }
  expect(reports.reduce((a, r) => a + r.renders.size, 0)).toBeGreaterThan(0);
}

function mergeStatuses(reports: SyncClientReport[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of reports) for (const [s, c] of Object.entries(r.statuses)) out[Number(s)] = (out[Number(s)] ?? 0) + c;
  return out;
}
