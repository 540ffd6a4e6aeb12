import { randomUUID } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { ApplicationFailure } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { SA, batchTaskQueue, type RenderActivities, type RenderKind, type VideoPlan } from '@rp/workflow-safe';
import { readStackInfo } from '@rp/stack';

// Workflow logic against the real Temporal dev server of the test stack, with stub activities on a private
// task queue: the window of item workflows, failure recording and the final zip/finalize sequence (the replay of
// recorded histories: workflow-replay.test.ts).
describe('collectionWorkflow', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await TestWorkflowEnvironment.createFromExistingServer({ address: readStackInfo().temporalAddress });
  });
  afterAll(() => env?.teardown());

  const run = async (stub: Partial<RenderActivities>, kind: RenderKind, renderIds: string[], concurrency: number) => {
    const taskQueue = `test-collection-${randomUUID()}`;
    const workflowsPath = require.resolve('@rp/workflows');
    const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowsPath, activities: stub });
    // image items are workflows on the batch queue of the workflow's queue, served (like the render worker's batch
    // child) by a Worker with workflows and activities of its own
    const items = await Worker.create({ connection: env.nativeConnection, taskQueue: batchTaskQueue(taskQueue), workflowsPath, activities: stub });
    const collectionId = randomUUID();
    const result = await items.runUntil(
      worker.runUntil(
        env.client.workflow.execute('collectionWorkflow', {
          taskQueue,
          workflowId: `collection-${collectionId}`,
          args: [{ collectionId, orgId: randomUUID(), kind, templateId: randomUUID(), renderIds, concurrency }],
        }),
      ),
    );
    return { result, collectionId };
  };

  const collectionStub = (calls: string[]): Partial<RenderActivities> => ({
    async markCollectionRendering() {
      calls.push('mark');
    },
    async zipCollection() {
      calls.push('zip');
      return { zipPath: 'z.zip' };
    },
    async finalizeCollection(_id, zipPath) {
      calls.push(`finalize:${zipPath}`);
      return { status: 'completed_with_errors', notify: false };
    },
  });

  // Longer than 60 lines on purpose: the stub activities are written inline, next to the run whose window they observe.
  test('renders image items as child workflows on the batch queue through a bounded window and records failures', async () => {
    const total = 12;
    const window = 4;
    const renderIds: string[] = Array.from({ length: total }, () => randomUUID());
    // item 3 fails permanently: its own workflow records the failure (a local activity) and says so in its result
    const failingItem = renderIds[3]!;
    let inFlight = 0;
    let maxInFlight = 0;
    const rendered: string[] = [];
    const failed: string[] = [];
    const calls: string[] = [];
    const stub: Partial<RenderActivities> = {
      ...collectionStub(calls),
      async renderImage(renderId) {
        if (renderId === failingItem) throw ApplicationFailure.nonRetryable('image host unreachable', 'asset_unreachable');
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // long enough that the window's items overlap even on a loaded machine
        await new Promise((r) => setTimeout(r, 400));
        inFlight--;
        rendered.push(renderId);
        return { resultPath: 'r.png', thumbnailPath: 't.jpg', imageMetadata: {} as never, notify: false };
      },
      async failRender(renderId, error) {
        failed.push(`${renderId}:${error.code}`);
        return { notify: false };
      },
    };
    const { result, collectionId } = await run(stub, 'image', renderIds, window);
    expect(result).toEqual({ status: 'completed_with_errors' });
    expect(rendered.sort()).toEqual(renderIds.filter((id) => id !== failingItem).sort());
    expect(failed).toEqual([`${failingItem}:asset_unreachable`]);
    expect(maxInFlight).toBeLessThanOrEqual(window);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(calls).toEqual(['mark', 'zip', 'finalize:z.zip']);

    // every item is a workflow of its own, named after the collection and its index, on the batch queue
    const item = (i: number) => env.client.workflow.getHandle(`collection-${collectionId}-item-${i}`);
    const failedItem = await item(3).describe();
    expect(failedItem).toMatchObject({ type: 'imageItemWorkflow', taskQueue: expect.stringMatching(/-batch$/), status: { name: 'COMPLETED' } });
    expect(failedItem.typedSearchAttributes.get(SA.RenderStatus)).toBe('failed');
    expect(failedItem.typedSearchAttributes.get(SA.CollectionId)).toBe(collectionId);
    expect(await item(3).result()).toMatchObject({ status: 'failed', error: { code: 'asset_unreachable', message: 'image host unreachable' } });
    expect((await item(0).describe()).typedSearchAttributes.get(SA.RenderStatus)).toBe('completed');
    // one workflow task, the render a local activity (a marker), no activity task
    const events = (await item(0).fetchHistory()).events!.map((e) => temporal.api.enums.v1.EventType[e.eventType!]);
    expect(events.filter((e) => e === 'EVENT_TYPE_WORKFLOW_TASK_COMPLETED')).toHaveLength(1);
    expect(events).toContain('EVENT_TYPE_MARKER_RECORDED');
    expect(events.filter((e) => e.startsWith('EVENT_TYPE_ACTIVITY_TASK'))).toEqual([]);
  });

  test('video items run as child workflows whose ids derive from the collection id and index', async () => {
    const renderIds = [randomUUID(), randomUUID(), randomUUID()];
    const plan = { totalFrames: 1, chunks: [{ index: 0 }] } as unknown as VideoPlan;
    const concatenated: string[] = [];
    const stub: Partial<RenderActivities> = {
      markCollectionRendering: async () => undefined,
      markRendering: async () => undefined,
      planVideo: async () => plan,
      renderVideoChunk: async () => ({ index: 0, segmentPath: 's', frames: 1 }),
      async concatVideo(renderId) {
        concatenated.push(renderId);
        return { resultPath: 'v.mp4', thumbnailPath: 't', bytes: 1, notify: false };
      },
      zipCollection: async () => ({ zipPath: 'z.zip' }),
      finalizeCollection: async () => ({ status: 'completed', notify: false }),
    };
    const { result, collectionId } = await run(stub, 'video', renderIds, 2);
    expect(result).toEqual({ status: 'completed' });
    expect(concatenated.sort()).toEqual([...renderIds].sort());
    const child = await env.client.workflow.getHandle(`collection-${collectionId}-item-2`).describe();
    expect(child.status.name).toBe('COMPLETED');
  });
});
