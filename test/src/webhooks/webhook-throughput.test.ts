import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import os from 'node:os';
import { TASK_QUEUES } from '@rp/common';
import { closeTestDb, isQuick, newOrg, testDb, waitFor } from '../index';
import { closeTemporalClient, createWebhook, insertRender, startReceiver, temporalClient, type Receiver } from './webhook-test-kit';

const EVENTS = isQuick() ? 200 : 1000;
const START_CONCURRENCY = 50;

// Many events to one receiver: every delivery arrives exactly once (judged by webhook-id), and the rate is
// written to bench/results/webhooks.json.
describe('webhook throughput', () => {
  let rx: Receiver;
  beforeAll(async () => {
    rx = await startReceiver(() => ({ status: 200, body: 'ok' }));
  });
  afterAll(async () => {
    await rx.close();
    await closeTemporalClient();
    await closeTestDb();
  });

  test(`${EVENTS} events to a "*" subscriber arrive exactly once each`, async () => {
    const o = await newOrg();
    const hook = await createWebhook(o.api, `${rx.url}/bench`, ['*']);
    const renderIds = await insertRender(o.orgId, { count: EVENTS });
    const client = await temporalClient();

    const started = Date.now();
    let next = 0;
    // emitEventWorkflows, as the render workflows' emitEvent would, with bounded client concurrency
    await Promise.all(
      Array.from({ length: START_CONCURRENCY }, async () => {
        while (next < renderIds.length) {
          const id = renderIds[next++]!;
          await client.workflow.start('emitEventWorkflow', {
            taskQueue: TASK_QUEUES.WEBHOOKS,
            workflowId: `bench-emit-${id}`,
            args: [{ orgId: o.orgId, type: 'image.completed', resourceId: id }],
          });
        }
      }),
    );
    const startedAll = Date.now();
    await waitFor(async () => rx.hits.length >= EVENTS, { timeoutMs: 240_000, everyMs: 200, what: `${EVENTS} receiver hits` });
    const elapsedMs = Date.now() - started;
    // a little longer: a duplicate would show up now
    await new Promise((r) => setTimeout(r, 2000));

    const counts = new Map<string, number>();
    for (const h of rx.hits) counts.set(h.id, (counts.get(h.id) ?? 0) + 1);
    expect(counts.size).toBe(EVENTS);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = await testDb()('webhook_deliveries').where({ webhook_id: hook.id }).select('id', 'status', 'attempts');
    expect(rows).toHaveLength(EVENTS);
    expect(new Set(rows.map((r: any) => r.id))).toEqual(new Set(counts.keys()));

    const deliveriesPerSecond = Math.round((EVENTS / (elapsedMs / 1000)) * 10) / 10;
    const result = {
      benchmark: 'webhook deliveries',
      events: EVENTS,
      elapsed_ms: elapsedMs,
      emit_start_ms: startedAll - started,
      deliveries_per_second: deliveriesPerSecond,
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
    process.stdout.write(`[bench] webhooks: ${EVENTS} deliveries in ${elapsedMs} ms = ${deliveriesPerSecond} deliveries/s\n`);

    // every row done and succeeded in one attempt
    await waitFor(async () => (await testDb()('webhook_deliveries').where({ webhook_id: hook.id, status: 'succeeded' }).count('* as n'))[0]!.n === EVENTS, {
      timeoutMs: 30_000,
      what: 'all rows succeeded',
    });
  }, 300_000);
});
