import { workflowIds } from '@rp/workflow-safe';
import { stackControl } from '@rp/stack';
import { closeTestDb, newOrg, testDb, waitFor } from '../index';
import {
  closeTemporalClient,
  createWebhook,
  emitEvent,
  getAttempts,
  insertRender,
  startReceiver,
  temporalClient,
  waitForDelivery,
  type Receiver,
} from './webhook-test-kit';

const GRPC_NOT_FOUND = 5;

// Durable retries: the worker dies (SIGKILL) while a delivery waits on its retry timer; after a restart the
// delivery goes on from where it was. Attempts are neither lost nor repeated.
describe('webhook worker killed between attempts', () => {
  let rx: Receiver;
  beforeAll(async () => {
    rx = await startReceiver((_hit, nth) => (nth <= 2 ? { status: 500, body: `fail ${nth}` } : { status: 200, body: 'ok' }));
  });
  afterAll(async () => {
    // never leave the stack without its webhook worker, whatever happened above
    await stackControl.start('webhook-worker').catch(() => undefined);
    await rx.close();
    await closeTemporalClient();
    await closeTestDb();
  });

  test('kill -9 during the retry timer, restart: attempts 1, 2, 3 exactly once each', async () => {
    const o = await newOrg();
    await createWebhook(o.api, `${rx.url}/kill`);
    const [renderId] = await insertRender(o.orgId);
    const [deliveryId] = await emitEvent(o.orgId, 'image.completed', renderId!);

    // attempt 1 is recorded and the workflow sits on its retry timer: nothing is in flight in the worker
    const handle = (await temporalClient()).workflow.getHandle(workflowIds.webhookDelivery(deliveryId!));
    await waitFor(
      async () => {
        // the delivery's workflow is started by the first attempt's failure: until then it is not found
        const history = await handle.fetchHistory().catch((err: { code?: number }) => (err.code === GRPC_NOT_FOUND ? null : Promise.reject(err)));
        return (history?.events ?? []).some((e) => e.timerStartedEventAttributes);
      },
      { timeoutMs: 30_000, everyMs: 50, what: 'the first retry timer' },
    );
    expect(rx.hitsFor(deliveryId!)).toHaveLength(1);

    const killed = await stackControl.kill('webhook-worker', 'SIGKILL');
    expect(killed.running).toBe(false);
    // the timer fires while no worker runs; the delivery must wait, not fail
    await new Promise((r) => setTimeout(r, 2000));
    expect(rx.hitsFor(deliveryId!)).toHaveLength(1);
    const restarted = await stackControl.start('webhook-worker');
    expect(restarted.running).toBe(true);

    const d = await waitForDelivery(deliveryId!, undefined, 90_000);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3, http_status: 200 });
    const attempts = await getAttempts(deliveryId!);
    expect(attempts.map((a: any) => [a.attempt, a.http_status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    const hits = rx.hitsFor(deliveryId!);
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((h) => h.timestamp)).size).toBeGreaterThanOrEqual(2); // re-signed per attempt
    expect((await handle.result()).outcome).toBe('succeeded');
  }, 180_000);

  test('a delivery nobody works on (its worker died before the first attempt) is swept and delivered once', async () => {
    const ok = await startReceiver();
    const o = await newOrg();
    const hook = await createWebhook(o.api, `${ok.url}/orphan`);
    const [renderId] = await insertRender(o.orgId);
    // the state a worker leaves when it dies after emitEvent committed the rows and before its first attempt:
    // one row claimed by the dead worker (claim not yet expired) and one never claimed
    const row = (claimedForMs: number | null) => ({
      org_id: o.orgId,
      webhook_id: hook.id,
      event_id: `image.completed:${renderId}:${claimedForMs}`,
      event_type: 'image.completed',
      payload: JSON.stringify({ type: 'image.completed', data: { id: renderId } }),
      updated_at: testDb().raw("now() - interval '40 seconds'"),
      claimed_until: claimedForMs === null ? null : testDb().raw(`now() + make_interval(secs => ${claimedForMs / 1000})`),
    });
    const [free] = await testDb()('webhook_deliveries').insert(row(null)).returning('id');
    const [claimed] = await testDb()('webhook_deliveries').insert(row(20_000)).returning('id');
    const sentAt = Date.now();

    const d = await waitForDelivery(free.id, undefined, 60_000);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 1, http_status: 200 });
    // the claimed one waits for its claim to expire, then goes too
    const c = await waitForDelivery(claimed.id, undefined, 90_000);
    expect(c).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(Date.now() - sentAt).toBeGreaterThan(15_000);
    await new Promise((r) => setTimeout(r, 2000));
    expect(ok.hitsFor(free.id)).toHaveLength(1);
    expect(ok.hitsFor(claimed.id)).toHaveLength(1);
    expect((await getAttempts(free.id)).map((a: any) => a.attempt)).toEqual([1]);
    await ok.close();
  }, 150_000);
});
