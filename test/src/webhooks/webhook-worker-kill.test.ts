import { workflowIds } from '@rp/workflow-safe';
import { stackControl } from '@rp/stack';
import { closeTestDb, newOrg, testDb, waitFor } from '../index';
import {
  acceptedCounts,
  closeTemporalClient,
  createWebhook,
  emitEvent,
  getAttempts,
  insertRender,
  startReceiver,
  temporalClient,
  verifyHit,
  waitForDelivery,
  type Receiver,
} from './webhook-test-kit';

/** `events` events to `hooks` webhooks of a new org: the delivery ids and each webhook's secret by path. */
async function fanOut(rx: Receiver, path: string, hooks: number, events: number) {
  const o = await newOrg();
  const secrets = new Map<string, string>();
  for (let i = 0; i < hooks; i++) secrets.set(`${path}/${i}`, (await createWebhook(o.api, `${rx.url}${path}/${i}`)).secret);
  const ids: string[] = [];
  for (const renderId of await insertRender(o.orgId, { count: events })) ids.push(...(await emitEvent(o.orgId, 'image.completed', renderId)));
  expect(ids).toHaveLength(hooks * events);
  return { o, ids, secrets };
}

/** Every delivery accepted exactly once by webhook-id, each accepted request signed with its webhook's secret. */
function expectExactlyOnce(rx: Receiver, ids: string[], secrets: Map<string, string>) {
  const accepted = acceptedCounts(rx.hits);
  for (const id of ids) expect({ id, accepted: accepted.get(id) }).toEqual({ id, accepted: 1 });
  for (const h of rx.hits.filter((x) => ids.includes(x.id) && x.status === 200)) expect(verifyHit(secrets.get(h.path)!, h)).toBeTruthy();
}

// Durability of the delivery workflows: the webhook worker dies (SIGKILL) while an attempt is in flight and while
// deliveries wait on retry timers; a delivery whose workflow is missing is started by the start-recovery sweep.
// Exactly once is judged as a receiver judges it: one accepted (2xx) request per webhook-id.
describe('webhook worker killed', () => {
  let held = true;
  let rx: Receiver;
  beforeAll(async () => {
    rx = await startReceiver((hit, nth) => {
      if (hit.path.startsWith('/inflight')) return held ? null : { status: 200, body: 'ok' };
      // Retry-After holds each delivery on its timer for 3 s, time enough to kill the worker during the wait
      if (hit.path.startsWith('/timer')) return nth === 1 ? { status: 503, body: 'busy', headers: { 'retry-after': '3' } } : { status: 200, body: 'ok' };
      return { status: 200, body: 'ok' };
    });
  });
  afterAll(async () => {
    // never leave the stack without its webhook worker, whatever happened above
    await stackControl.start('webhook-worker').catch(() => undefined);
    await rx.close();
    await closeTemporalClient();
    await closeTestDb();
  });

  test('kill -9 between the start and the first attempt\'s record: each delivery accepted once', async () => {
    const { ids, secrets } = await fanOut(rx, '/inflight', 3, 2);
    // every first attempt has reached the receiver, which holds it: started, sending, nothing recorded
    await waitFor(async () => ids.every((id) => rx.hitsFor(id).length === 1), { timeoutMs: 30_000, everyMs: 50, what: 'first attempts in flight' });
    const killed = await stackControl.kill('webhook-worker', 'SIGKILL');
    expect(killed.running).toBe(false);
    expect(await testDb()('webhook_attempts').whereIn('delivery_id', ids).count('* as n')).toEqual([{ n: 0 }]);
    held = false;
    expect((await stackControl.start('webhook-worker')).running).toBe(true);

    for (const id of ids) {
      // the dead worker's workflow task times out; the next worker makes attempt 1 again, this time recorded
      expect(await waitForDelivery(id, undefined, 90_000)).toMatchObject({ status: 'succeeded', attempts: 1, http_status: 200 });
      expect((await getAttempts(id)).map((a: any) => [a.attempt, a.http_status])).toEqual([[1, 200]]);
    }
    expectExactlyOnce(rx, ids, secrets);
  }, 180_000);

  test('kill -9 while deliveries wait on their retry timers: attempts 1 and 2 exactly once each', async () => {
    const { ids, secrets } = await fanOut(rx, '/timer', 2, 2);
    const client = await temporalClient();
    // attempt 1 is recorded and each workflow sits on its retry timer: nothing is in flight in the worker
    await waitFor(
      async () => {
        const histories = await Promise.all(ids.map((id) => client.workflow.getHandle(workflowIds.webhookDelivery(id)).fetchHistory()));
        return histories.every((h) => (h.events ?? []).some((e) => e.timerStartedEventAttributes));
      },
      { timeoutMs: 30_000, everyMs: 50, what: 'the first retry timers' },
    );
    expect((await stackControl.kill('webhook-worker', 'SIGKILL')).running).toBe(false);
    const sentBeforeRestart = rx.hits.filter((h) => ids.includes(h.id)).length;
    // the timers fire while no worker runs; the deliveries must wait, not fail
    await new Promise((r) => setTimeout(r, 4000));
    expect(rx.hits.filter((h) => ids.includes(h.id)).length).toBe(sentBeforeRestart);
    expect((await stackControl.start('webhook-worker')).running).toBe(true);

    for (const id of ids) {
      expect(await waitForDelivery(id, undefined, 90_000)).toMatchObject({ status: 'succeeded', attempts: 2, http_status: 200 });
      expect((await getAttempts(id)).map((a: any) => [a.attempt, a.http_status])).toEqual([[1, 503], [2, 200]]);
      expect((await client.workflow.getHandle(workflowIds.webhookDelivery(id)).result()).outcome).toBe('succeeded');
    }
    expectExactlyOnce(rx, ids, secrets);
  }, 180_000);

  test('rows whose workflow was never started or was lost are started by the start-recovery sweep', async () => {
    const o = await newOrg();
    const hook = await createWebhook(o.api, `${rx.url}/orphan`);
    const [renderId] = await insertRender(o.orgId);
    const longAgo = testDb().raw("now() - interval '2 minutes'");
    const row = (n: number, extra: Record<string, unknown>) => ({
      org_id: o.orgId,
      webhook_id: hook.id,
      event_id: `image.completed:${renderId}:${n}`,
      event_type: 'image.completed',
      payload: JSON.stringify({ type: 'image.completed', data: { id: renderId } }),
      updated_at: longAgo,
      ...extra,
    });
    // what a lost start leaves: a new row; a retry whose workflow a Temporal store lost; a redelivery whose API died
    const [fresh] = await testDb()('webhook_deliveries').insert(row(1, {})).returning('id');
    const [lost] = await testDb()('webhook_deliveries').insert(row(2, { status: 'retrying', attempts: 1, http_status: 500, next_retry_at: longAgo })).returning('id');
    const [redelivered] = await testDb()('webhook_deliveries').insert(row(3, { series: 2 })).returning('id');
    await testDb()('webhook_attempts').insert([
      { org_id: o.orgId, delivery_id: lost.id, series: 1, attempt: 1, http_status: 500, duration_ms: 1 },
      { org_id: o.orgId, delivery_id: redelivered.id, series: 1, attempt: 1, http_status: 200, duration_ms: 1 },
    ]);

    for (const id of [fresh.id, lost.id, redelivered.id]) expect(await waitForDelivery(id, undefined, 90_000)).toMatchObject({ status: 'succeeded' });
    expect((await getAttempts(fresh.id)).map((a: any) => [a.series, a.attempt, a.http_status])).toEqual([[1, 1, 200]]);
    expect((await getAttempts(lost.id)).map((a: any) => [a.series, a.attempt, a.http_status])).toEqual([[1, 1, 500], [1, 2, 200]]);
    expect((await getAttempts(redelivered.id)).map((a: any) => [a.series, a.attempt, a.http_status])).toEqual([[1, 1, 200], [2, 1, 200]]);
    const client = await temporalClient();
    for (const [id, series] of [[fresh.id, 1], [lost.id, 1], [redelivered.id, 2]] as const) {
      expect(await client.workflow.getHandle(workflowIds.webhookDelivery(id, series)).result()).toMatchObject({ outcome: 'succeeded' });
    }
    expect(acceptedCounts(rx.hits.filter((h) => h.path === '/orphan'))).toEqual(new Map([[fresh.id, 1], [lost.id, 1], [redelivered.id, 1]]));
  }, 150_000);
});
