import { closeTestDb, createCardTemplate, newOrg, stackControl, testDb, waitFor, waitForCollection, type TestOrg } from '../index';
import { createWebhook, startReceiver, type Receiver } from '../webhooks/webhook-test-kit';

jest.setTimeout(10 * 60_000);

const killed = async (name: string) => {
  await stackControl.kill(name, 'SIGKILL');
  await waitFor(async () => (await stackControl.status()).processes.find((p) => p.name === name && !p.running), { what: `${name} gone` });
};

/**
 * A scheduled run survives kill -9 of both workers: the run's workflow waits for a render worker, its activity is
 * retried without making a second collection, every item renders exactly once and collection.completed arrives once.
 */
describe('a scheduled run under worker kills', () => {
  let org: TestOrg;
  let receiver: Receiver;
  beforeAll(async () => {
    org = await newOrg();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await stackControl.start('render-worker').catch(() => undefined);
    await stackControl.start('webhook-worker').catch(() => undefined);
    await receiver?.close();
    await closeTestDb();
  });

  test('kill -9 the render and webhook workers during a run: nothing lost, nothing doubled', async () => {
    const templateId = (await createCardTemplate(org.api)).id;
    await createWebhook(org.api, `${receiver.url}/hook`, ['collection.completed']);
    const today = new Date().toISOString().slice(5, 10);
    const n = 12;
    for (let i = 0; i < n; i++) await org.api.post('/v1/people', { first_name: `P${i}`, birth_date: `1992-${today}` });
    const s = (
      await org.api.post('/v1/schedules', {
        name: 'Kill run',
        template_id: templateId,
        people: { birthday: 'today' },
        at: '03:00',
        timezone: 'UTC',
        enabled: false,
      })
    ).body;

    // both workers down when the run starts: it waits in Temporal
    await killed('render-worker');
    await killed('webhook-worker');
    expect((await org.api.post(`/v1/schedules/${s.id}/trigger`)).status).toBe(202);
    await stackControl.start('render-worker');
    const run = await waitFor(async () => (await org.api.get(`/v1/schedules/${s.id}/runs`)).body[0], { what: 'the run', timeoutMs: 120_000 });
    expect(run).toMatchObject({ status: 'created', matched: n });

    // and again while its items render
    await waitFor(async () => {
      const c = (await org.api.get(`/v1/collections/${run.collection_id}`)).body;
      return c.completed >= 1 ? c : null;
    }, { what: 'first item done', timeoutMs: 120_000 });
    await killed('render-worker');
    await stackControl.start('render-worker');

    const col = await waitForCollection(org, run.collection_id, 240_000);
    expect(col).toMatchObject({ status: 'completed', total: n, completed: n, schedule_id: s.id });
    await stackControl.start('webhook-worker');
    await waitFor(async () => receiver.hits.some((h) => JSON.parse(h.body).data?.id === col.id), { what: 'collection.completed', timeoutMs: 120_000 });

    const renders = await testDb()('renders').where({ collection_id: col.id }).select('status', 'render_count');
    expect(renders).toHaveLength(n);
    expect(renders.every((r) => r.status === 'completed' && r.render_count === 1)).toBe(true);
    const count = async (table: string) => Number((await testDb()(table).where({ schedule_id: s.id }).count('* as c'))[0]!.c);
    expect(await count('collections')).toBe(1);
    expect(await count('schedule_runs')).toBe(1);
    const deliveries = await testDb()('webhook_deliveries').where({ org_id: org.orgId, event_type: 'collection.completed' });
    expect(deliveries).toHaveLength(1);
    // at-least-once delivery may repeat a request, but only ever of the one delivery
    expect(new Set(receiver.hits.filter((h) => JSON.parse(h.body).data?.id === col.id).map((h) => h.id)).size).toBe(1);
  });
});
