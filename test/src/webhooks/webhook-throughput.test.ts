import { closeTestDb, isQuick, recordFigures, testDb } from '../index';
import { closeTemporalClient, terminateOrgDeliveries, verifyHit } from './webhook-test-kit';
import { deliveriesWithoutWorkflow, measureWebhookThroughput, waitAllSucceeded, type ThroughputRun } from './measure-webhook-throughput';

// 2,000 deliveries = 200 events x 10 webhooks subscribed to "*" (an org with several endpoints): the load is on
// the delivery path (an eager workflow start, a signed POST and a recorded attempt per delivery), not on emitting.
const WEBHOOKS = 10;
const EVENTS = isQuick() ? 20 : 200;
const DELIVERIES = WEBHOOKS * EVENTS;

// Every delivery arrives exactly once (judged by webhook-id); `npm run bench` measures the rate (webhooks phase).
describe('webhook throughput', () => {
  let run: ThroughputRun | undefined;
  afterAll(async () => {
    if (run) await terminateOrgDeliveries(run.orgId);
    await run?.receiver.close();
    await closeTemporalClient();
    await closeTestDb();
  });

  test(`${DELIVERIES} deliveries (${EVENTS} events x ${WEBHOOKS} webhooks) arrive exactly once each`, async () => {
    run = await measureWebhookThroughput(EVENTS, WEBHOOKS);
    const { receiver: rx, hooks, result } = run;
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
      for (const h of mine) verifyHit(hook.secret, h);
    });
    const rows = await testDb()('webhook_deliveries').where({ org_id: run.orgId }).select('id');
    expect(rows).toHaveLength(DELIVERIES);
    expect(new Set(rows.map((r: any) => r.id))).toEqual(new Set(counts.keys()));
    // every row succeeded in one attempt, and that attempt is recorded
    await waitAllSucceeded(run.orgId, DELIVERIES);
    const attempts = await testDb()('webhook_attempts').where({ org_id: run.orgId }).select('delivery_id', 'attempt', 'http_status');
    expect(attempts).toHaveLength(DELIVERIES);
    expect(attempts.every((a: any) => a.attempt === 1 && a.http_status === 200)).toBe(true);
    // every delivery, though it succeeded at once, has its workflow: listed by org, with its webhook and status
    expect(await deliveriesWithoutWorkflow(run.orgId)).toEqual([]);
    recordFigures('webhook_throughput', result);
  }, 900_000);
});
