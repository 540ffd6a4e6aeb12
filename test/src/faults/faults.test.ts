import {
  stackInfo,
  closeTestDb,
  createCardTemplate,
  isQuick,
  newOrg,
  stackControl,
  recordFigures,
  testDb,
  waitFor,
  type TestOrg,
} from '../index';
import { startReceiver, type Receiver } from '../webhooks/webhook-test-kit';

const FINAL = ['completed', 'failed', 'completed_with_errors'];

/**
 * A mixed workload survives kill -9 of every service and restarts of Temporal and Postgres: every render finishes
 * exactly once, every delivery is delivered exactly once, nothing is stuck, and while a dependency is down the API
 * answers 503 with the standard error body rather than hanging or failing with 500.
 */
describe('faults under a mixed workload', () => {
  let org: TestOrg;
  let receiver: Receiver;
  const okIds = new Map<string, number>();
  beforeAll(async () => {
    org = await newOrg();
    // flaky: every delivery fails its first attempt with 500, then succeeds
    receiver = await startReceiver((hit, nth) => {
      if (nth === 1) return { status: 500, body: 'flaky' };
      okIds.set(hit.id, (okIds.get(hit.id) ?? 0) + 1);
      return { status: 200, body: 'ok' };
    });
  });
  afterAll(async () => {
    await receiver?.close();
    await closeTestDb();
  });

  const unavailableMs: number[] = [];
  /**
   * The call is answered 503 with the standard body while `dependency` is down: answered, not left hanging until the
   * dependency is back. How long the answer took is a figure, not a bound.
   */
  const expect503 = async (what: string, dependency: 'temporal' | 'postgres', call: () => Promise<{ status: number; body: any }>) => {
    const started = Date.now();
    const res = await call();
    unavailableMs.push(Date.now() - started);
    const down = !(await stackControl.status()).processes.find((p) => p.name === dependency)?.running;
    expect({ what, status: res.status, dependencyDown: down }).toEqual({ what, status: 503, dependencyDown: true });
    expect(res.body.error).toMatchObject({ code: 'service_unavailable', message: expect.any(String), details: expect.any(Array) });
  };

  // Longer than 60 lines on purpose: the kills and restarts must hit the same work in flight, so they are one case.
  test('kill -9 each service and restart Temporal and Postgres mid-flight: nothing lost, nothing doubled', async () => {
    const began = Date.now();
    const crashesBefore = new Map((await stackControl.status()).processes.map((p) => [p.name, p.crashes]));
    const image = await createCardTemplate(org.api);
    const video = await org.api.post('/v1/templates', {
      name: 'Clip',
      type: 'video',
      width: 160,
      height: 90,
      composition_html: '<div style="width:40px;height:40px;background:#000;animation:m 2s linear infinite"></div><style>@keyframes m{to{transform:translateX(120px)}}</style>',
    });
    expect(video.status).toBe(201);
    const n = isQuick() ? 40 : 200;
    const collection = await org.api.post('/v1/collections', {
      template_id: image.id,
      items: Array.from({ length: n }, (_, i) => ({ modifications: [{ name: 'title', text: `#${i}` }] })),
    });
    expect(collection.status).toBe(202);
    const videos: string[] = [];
    for (let i = 0; i < 5; i++) {
      // one long enough to be chunked (the test stack uses 40-frame chunks)
      const res = await org.api.post('/v1/videos', {
        template_id: video.body.id,
        fps: 10,
        duration_seconds: i === 0 ? 12 : 2,
        webhook_url: `${receiver.url}/videos`,
      });
      expect(res.status).toBe(202);
      videos.push(res.body.id);
    }
    const images: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await org.api.post('/v1/images', { template_id: image.id, webhook_url: `${receiver.url}/images` });
      expect(res.status).toBe(202);
      images.push(res.body.id);
    }

    // the render worker dies while collection items render: each item's workflow task in flight times out and runs
    // again on the restarted worker, which finds the rows an earlier attempt completed and renders the rest once
    const doneAtKill = await waitFor(
      async () => {
        const done = await testDb()('renders').where({ collection_id: collection.body.id, status: 'completed' }).count<{ c: number }[]>('* as c');
        return Number(done[0]!.c) > 0 ? Number(done[0]!.c) : null;
      },
      { timeoutMs: 120_000, everyMs: 100, what: 'the first collection item to complete' },
    );
    await stackControl.kill('render-worker', 'SIGKILL');
    expect(doneAtKill).toBeLessThan(n);
    await stackControl.start('render-worker');
    await stackControl.kill('webhook-worker', 'SIGKILL');
    await stackControl.start('webhook-worker');
    await stackControl.kill('api', 'SIGKILL');
    await stackControl.start('api');

    // Temporal down: reads still work, render creation answers 503 (and leaves nothing behind)
    await stackControl.stop('temporal');
    const before = await testDb()('renders').where({ org_id: org.orgId }).count<{ c: number }[]>('* as c');
    await expect503('POST /v1/images while Temporal is down', 'temporal', () => org.api.post('/v1/images', { template_id: image.id }));
    const after = await testDb()('renders').where({ org_id: org.orgId }).count<{ c: number }[]>('* as c');
    expect(after[0]!.c).toBe(before[0]!.c);
    expect((await org.api.get(`/v1/collections/${collection.body.id}`)).status).toBe(200);
    await stackControl.start('temporal');

    // Postgres down: every /v1 call answers 503, /readyz says not ready
    await stackControl.stop('postgres');
    await expect503('GET /v1/templates while Postgres is down', 'postgres', () => org.api.get('/v1/templates'));
    await expect503('POST /v1/people while Postgres is down', 'postgres', () => org.api.post('/v1/people', { first_name: 'X' }));
    expect((await fetch(`${stackInfo().apiOpsUrl}/readyz`)).status).toBe(503);
    await stackControl.start('postgres');
    await closeTestDb(); // drop pooled connections to the old server

    const all = [...images, ...videos];
    await waitFor(
      async () => {
        const c = await org.api.get(`/v1/collections/${collection.body.id}`);
        const rows = await testDb()('renders').whereIn('id', all).select('status');
        return FINAL.includes(c.body.status) && rows.every((r: any) => FINAL.includes(r.status));
      },
      { timeoutMs: 1_200_000, everyMs: 2000, what: 'every render to finish' },
    );

    // every render finished exactly once, successfully
    const rows = await testDb()('renders').where({ org_id: org.orgId }).select('id', 'status', 'render_count', 'result_path', 'collection_id');
    expect(rows.filter((r: any) => r.status !== 'completed')).toEqual([]);
    expect(rows.filter((r: any) => r.render_count !== 1)).toEqual([]);
    expect(new Set(rows.map((r: any) => r.result_path)).size).toBe(rows.length);
    const col = await org.api.get(`/v1/collections/${collection.body.id}`);
    expect(col.body).toMatchObject({ status: 'completed', total: n, completed: n, failed: 0 });
    const items = rows.filter((r: any) => r.collection_id === collection.body.id);
    expect(items).toHaveLength(n);

    // every delivery was delivered exactly once (by webhook-id on the receiver), none stuck
    const deliveries = await waitFor(
      async () => {
        const d = await testDb()('webhook_deliveries').where({ org_id: org.orgId }).select('id', 'status');
        return d.length === all.length && d.every((x: any) => x.status === 'succeeded') ? d : null;
      },
      { timeoutMs: 180_000, everyMs: 1000, what: 'every delivery to succeed' },
    );
    for (const d of deliveries) expect({ id: d.id, delivered: okIds.get(d.id) }).toEqual({ id: d.id, delivered: 1 });

    // every process is up, and none crashed on its own through the outages (the supervisor restarts a crashed
    // service: `running` alone would hide it)
    const processes = (await stackControl.status()).processes;
    const crashed = processes.filter((p) => !p.running || p.crashes > (crashesBefore.get(p.name) ?? 0));
    expect(crashed.map((p) => ({ name: p.name, running: p.running, crashes: p.crashes }))).toEqual([]);
    recordFigures('faults', {
      renders: rows.length,
      renders_not_completed: rows.filter((r: any) => r.status !== 'completed').length,
      renders_doubled: rows.filter((r: any) => r.render_count > 1).length,
      collection_items_done_at_kill: doneAtKill,
      deliveries: deliveries.length,
      deliveries_not_once: deliveries.filter((d: any) => okIds.get(d.id) !== 1).length,
      max_503_ms: Math.max(...unavailableMs),
      seconds: Math.round((Date.now() - began) / 1000),
    });
  }, 1_800_000);
});
