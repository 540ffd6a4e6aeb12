import type { Client } from '@temporalio/client';
import { SA } from '@rp/workflow-safe';
import {
  closeTestDb,
  createCardTemplate,
  decodePng,
  fetchBytes,
  historyEvents,
  listItemWorkflows,
  newOrg,
  temporalClient,
  waitForCollection,
  type TestOrg,
} from '../index';

// What an operator sees of a collection in Temporal: a workflow per item, found by the collection's id, whose
// history holds its render (a local activity's marker) and, for a failed item, its error.
describe('collection item workflows', () => {
  let org: TestOrg;
  let templateId: string;
  let temporal: { client: Client; close: () => Promise<void> };
  beforeAll(async () => {
    org = await newOrg();
    templateId = (await createCardTemplate(org.api)).id;
    temporal = await temporalClient();
  });
  afterAll(async () => {
    await temporal?.close();
    await closeTestDb();
  });

  // Longer than 60 lines on purpose: one collection's API view, visibility listing and histories are checked together.
  test('a 50-item image collection has 50 child workflows listed by its CollectionId; a failed item shows its error', async () => {
    const n = 50;
    const failing = new Set([7, 23]);
    const items = Array.from({ length: n }, (_, i) => ({
      modifications: failing.has(i) ? [{ name: 'photo', image_url: 'http://127.0.0.2:1/missing.png' }] : [{ name: 'title', text: `Item ${i}` }],
    }));
    const res = await org.api.post('/v1/collections', { template_id: templateId, items });
    expect(res.status).toBe(202);
    const id: string = res.body.id;
    const done = await waitForCollection(org, id, 300_000);
    expect(done).toMatchObject({ status: 'completed_with_errors', total: n, completed: n - failing.size, failed: failing.size });

    // the API names each item's workflow; the visibility query lists exactly those, each once
    const workflowIds = done.items.map((i: any) => i.workflow_id);
    expect(workflowIds).toEqual(Array.from({ length: n }, (_, i) => `collection-${id}-item-${i}`));
    const listed = await listItemWorkflows(temporal.client, id, n);
    expect(listed.map((wf) => wf.workflowId).sort()).toEqual([...workflowIds].sort());
    for (const wf of listed) {
      const index = Number(wf.workflowId.split('-item-')[1]);
      expect({ index, status: wf.status.name, taskQueue: wf.taskQueue }).toEqual({ index, status: 'COMPLETED', taskQueue: 'render-batch' });
      expect(wf.typedSearchAttributes.get(SA.OrgId)).toBe(org.orgId);
      expect(wf.typedSearchAttributes.get(SA.TemplateId)).toBe(templateId);
      expect(wf.typedSearchAttributes.get(SA.RenderKind)).toBe('image');
      expect({ index, status: wf.typedSearchAttributes.get(SA.RenderStatus) }).toEqual({ index, status: failing.has(index) ? 'failed' : 'completed' });
    }
    // an operator filters the failed ones
    const failedListed: string[] = [];
    for await (const wf of temporal.client.workflow.list({ query: `CollectionId = '${id}' AND RenderStatus = 'failed'` })) failedListed.push(wf.workflowId);
    expect(failedListed.sort()).toEqual([...failing].map((i) => `collection-${id}-item-${i}`).sort());

    // a completed item: one workflow task, its render a local activity (a marker), no activity task; the image is real
    const ok = await historyEvents(temporal.client, workflowIds[0]);
    expect(ok.filter((e) => e.type === 'EVENT_TYPE_WORKFLOW_TASK_COMPLETED')).toHaveLength(1);
    expect(ok.filter((e) => e.type === 'EVENT_TYPE_MARKER_RECORDED').length).toBeGreaterThanOrEqual(1);
    expect(ok.filter((e) => e.type.startsWith('EVENT_TYPE_ACTIVITY_TASK'))).toEqual([]);
    const png = decodePng((await fetchBytes(done.items[0].result_url)).body);
    expect([png.width, png.height]).toEqual([400, 300]);

    // a failed item: its own history carries the render's error (the local activity's marker) and its result
    const failedItem = done.items[7];
    expect(failedItem).toMatchObject({ status: 'failed', error: { code: 'asset_unreachable' } });
    const history = await historyEvents(temporal.client, failedItem.workflow_id);
    const failures = history.filter((e) => e.type === 'EVENT_TYPE_MARKER_RECORDED' && e.event.markerRecordedEventAttributes?.failure);
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(failures[0]!.event.markerRecordedEventAttributes!.failure)).toContain('asset_unreachable');
    const result = await temporal.client.workflow.getHandle(failedItem.workflow_id).result();
    expect(result).toMatchObject({ status: 'failed', error: { code: 'asset_unreachable', message: failedItem.error.message } });
  }, 300_000);
});
