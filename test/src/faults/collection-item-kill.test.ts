import type { Client } from '@temporalio/client';
import {
  closeTestDb,
  createCardTemplate,
  isQuick,
  listItemWorkflows,
  newOrg,
  stackControl,
  temporalClient,
  testDb,
  waitFor,
  waitForCollection,
  type TestOrg,
} from '../index';

// Image items are workflows of their own whose render is a local activity in the render worker's batch process.
// Killing the render worker (and with it the batch process) mid-collection loses a workflow task in flight; it
// times out and runs again on the restarted worker, where the row lock keeps each item rendered exactly once.
describe('render worker killed mid-collection', () => {
  let org: TestOrg;
  let temporal: { client: Client; close: () => Promise<void> };
  beforeAll(async () => {
    org = await newOrg();
    temporal = await temporalClient();
  });
  afterAll(async () => {
    await temporal?.close();
    await closeTestDb();
  });

  test('every item rendered exactly once, counters equal to the item count, one workflow per item', async () => {
    const n = isQuick() ? 40 : 120;
    const templateId = (await createCardTemplate(org.api)).id;
    const items = Array.from({ length: n }, (_, i) => ({ modifications: [{ name: 'title', text: `#${i}` }] }));
    const res = await org.api.post('/v1/collections', { template_id: templateId, items });
    expect(res.status).toBe(202);
    const id: string = res.body.id;
    const count = async (status: string) =>
      Number((await testDb()('renders').where({ collection_id: id, status }).count<{ c: string }[]>('* as c'))[0]!.c);
    // killed while items render: some done, others in flight in the batch process
    await waitFor(async () => (await count('completed')) >= 5, { timeoutMs: 120_000, everyMs: 50, what: 'five items completed' });
    await stackControl.kill('render-worker', 'SIGKILL');
    expect(await count('completed')).toBeLessThan(n);
    await stackControl.start('render-worker');

    const done = await waitForCollection(org, id, 600_000);
    expect(done).toMatchObject({ status: 'completed', total: n, completed: n, failed: 0 });
    const rows = await testDb()('renders').where({ collection_id: id }).select('collection_index', 'render_count', 'status', 'result_path');
    expect(rows).toHaveLength(n);
    expect(rows.filter((r: any) => r.render_count !== 1 || r.status !== 'completed')).toEqual([]);
    expect(new Set(rows.map((r: any) => r.result_path)).size).toBe(n);
    // no item was started twice: one execution per item id, every one of them completed
    const listed = await listItemWorkflows(temporal.client, id, n);
    expect(listed).toHaveLength(n);
    expect(new Set(listed.map((wf) => wf.workflowId)).size).toBe(n);
    expect(listed.filter((wf) => wf.status.name !== 'COMPLETED')).toEqual([]);
  }, 700_000);
});
