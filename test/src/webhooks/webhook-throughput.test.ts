import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import os from 'node:os';
import { Webhook } from 'standardwebhooks';
import { startEmitEventWorkflow } from '@rp/workflows/client';
import { closeTestDb, isQuick, newOrg, testDb, waitFor } from '../index';
import {
  closeTemporalClient,
  createWebhook,
  insertRender,
  startReceiver,
  temporalClient,
  terminateOrgDeliveries,
  type Receiver,
} from './webhook-test-kit';

// 1,000 deliveries = 100 events x 10 webhooks subscribed to "*" (an org with several endpoints): the load is
// on the delivery path (a workflow, a signed POST and a recorded attempt per delivery), not on emitting.
const WEBHOOKS = 10;
const EVENTS = isQuick() ? 20 : 100;
const DELIVERIES = WEBHOOKS * EVENTS;
const START_CONCURRENCY = 20;

// Every delivery arrives exactly once (judged by webhook-id); the rate goes to bench/results/webhooks.json.
describe('webhook throughput', () => {
  let rx: Receiver;
  let orgId: string | undefined;
  beforeAll(async () => {
    rx = await startReceiver(() => ({ status: 200, body: 'ok' }));
  });
  afterAll(async () => {
    // after a failure, deliveries still in flight would slow every later test: stop them
    if (orgId) await terminateOrgDeliveries(orgId);
    await rx.close();
    await closeTemporalClient();
    await closeTestDb();
  });

  test(`${DELIVERIES} deliveries (${EVENTS} events x ${WEBHOOKS} webhooks) arrive exactly once each`, async () => {
    const o = await newOrg();
    orgId = o.orgId;
    const hooks = await Promise.all(Array.from({ length: WEBHOOKS }, (_, i) => createWebhook(o.api, `${rx.url}/bench/${i}`, ['*'])));
    const renderIds = await insertRender(o.orgId, { count: EVENTS });
    const client = await temporalClient();

    const started = Date.now();
    let next = 0;
    // emitEventWorkflows, as the render workflows' emitEvent would, with bounded client concurrency
    await Promise.all(
      Array.from({ length: START_CONCURRENCY }, async () => {
        while (next < renderIds.length) {
          const id = renderIds[next++]!;
          await startEmitEventWorkflow(client, { orgId: o.orgId, type: 'image.completed', resourceId: id });
        }
      }),
    );
    const startedAll = Date.now();
    await waitFor(async () => rx.hits.length >= DELIVERIES, {
      timeoutMs: 720_000,
      everyMs: 200,
      what: `${DELIVERIES} receiver hits (${rx.hits.length} after ${Math.round((Date.now() - started) / 1000)} s)`,
    });
    const elapsedMs = Date.now() - started;
    // a little longer: a duplicate would show up now
    await new Promise((r) => setTimeout(r, 2000));

    const counts = new Map<string, number>();
    for (const h of rx.hits) counts.set(h.id, (counts.get(h.id) ?? 0) + 1);
    expect(counts.size).toBe(DELIVERIES);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // each webhook got every event, each signed with that webhook's own secret
    hooks.forEach((hook, i) => {
      const mine = rx.hits.filter((h) => h.path === `/bench/${i}`);
      expect(mine).toHaveLength(EVENTS);
      const wh = new Webhook(hook.secret);
      for (const h of mine) wh.verify(h.body, { 'webhook-id': h.id, 'webhook-timestamp': h.timestamp, 'webhook-signature': h.signature });
    });
    const rows = await testDb()('webhook_deliveries').where({ org_id: o.orgId }).select('id', 'status', 'attempts');
    expect(rows).toHaveLength(DELIVERIES);
    expect(new Set(rows.map((r: any) => r.id))).toEqual(new Set(counts.keys()));

    const rate = (n: number, ms: number) => Math.round((n / (ms / 1000)) * 10) / 10;
    const deliveriesPerSecond = rate(DELIVERIES, elapsedMs);
    const firstHit = Math.min(...rx.hits.map((h) => h.at));
    const lastHit = Math.max(...rx.hits.map((h) => h.at));
    const result = {
      benchmark: 'webhook deliveries',
      deliveries: DELIVERIES,
      events: EVENTS,
      webhooks: WEBHOOKS,
      elapsed_ms: elapsedMs,
      /** end to end: from the first emit to the last delivery received */
      deliveries_per_second: deliveriesPerSecond,
      /** receiver side only: first to last delivery received */
      receive_window_ms: lastHit - firstHit,
      receive_rate_per_second: rate(DELIVERIES, Math.max(1, lastHit - firstHit)),
      emit_starts_ms: startedAll - started,
      path: 'emitEventWorkflow -> emitEvent -> webhookDeliveryWorkflow -> attemptDelivery -> receiver (127.0.0.2)',
      profile: process.env.TEST_PROFILE ?? 'full',
      cpus: os.cpus().length,
      node: process.version,
      run_id: crypto.randomUUID(),
      at: new Date().toISOString(),
    };
    const dir = path.resolve(__dirname, '../../../bench/results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'webhooks.json'), `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(`[bench] webhooks: ${DELIVERIES} deliveries in ${elapsedMs} ms = ${deliveriesPerSecond} deliveries/s\n`);

    // every row done and succeeded in one attempt
    await waitFor(async () => (await testDb()('webhook_deliveries').where({ org_id: o.orgId, status: 'succeeded' }).count('* as n'))[0]!.n === DELIVERIES, {
      timeoutMs: 30_000,
      what: 'all rows succeeded',
    });
  }, 900_000);
});
