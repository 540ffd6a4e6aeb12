import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { ApplicationFailure } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { batchTaskQueue, type RenderActivities, type RenderKind, type VideoPlan } from '@rp/common';
import { stackInfo } from '@rp/test';

// Workflow logic against the real Temporal dev server of the test stack, with stub activities on a private
// task queue: the sliding window of batches, failure recording and the final zip/finalize sequence.
describe('collectionWorkflow', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await TestWorkflowEnvironment.createFromExistingServer({ address: stackInfo().temporalAddress });
  });
  afterAll(() => env?.teardown());

  const run = async (stub: Partial<RenderActivities>, kind: RenderKind, renderIds: string[], concurrency: number) => {
    const taskQueue = `test-collection-${randomUUID()}`;
    const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowsPath: require.resolve('@rp/workflows'), activities: stub });
    // items render on the batch queue of the workflow's queue, served (like the render worker's batch child) by an
    // activity-only Worker
    const items = await Worker.create({ connection: env.nativeConnection, taskQueue: batchTaskQueue(taskQueue), activities: stub });
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

  // Longer than 60 lines on purpose: the stub activities are written inline, next to the run whose window they observe.
  test('renders image items in batch activities through a bounded window and records failures', async () => {
    const total = 25;
    const window = 4;
    const renderIds: string[] = Array.from({ length: total }, () => randomUUID());
    // item 3 fails permanently inside its batch (the activity records it); the batch holding item 17 fails as a whole
    const failingItem = renderIds[3]!;
    const failingBatchItem = renderIds[17]!;
    let inFlight = 0;
    let maxInFlight = 0;
    const batches: string[][] = [];
    const rendered: string[] = [];
    const failed: string[] = [];
    const calls: string[] = [];
    const stub: Partial<RenderActivities> = {
      async markCollectionRendering() {
        calls.push('mark');
      },
      async renderImageBatch(_collectionId, ids) {
        batches.push(ids);
        if (ids.includes(failingBatchItem)) throw ApplicationFailure.nonRetryable('browser gone for good', 'render_crashed');
        inFlight += ids.length;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // long enough that the window's batches overlap even on a loaded machine
        await new Promise((r) => setTimeout(r, 400));
        inFlight -= ids.length;
        for (const id of ids) (id === failingItem ? failed : rendered).push(id === failingItem ? `${id}:asset_unreachable` : id);
        return { completed: ids.length - (ids.includes(failingItem) ? 1 : 0), failed: ids.includes(failingItem) ? 1 : 0, skipped: 0 };
      },
      async failRender(renderId, error) {
        failed.push(`${renderId}:${error.code}`);
        return { notify: false };
      },
      async zipCollection() {
        calls.push('zip');
        return { zipPath: 'z.zip' };
      },
      async finalizeCollection(_id, zipPath) {
        calls.push(`finalize:${zipPath}`);
        return { status: 'completed_with_errors', notify: false };
      },
    };
    const { result } = await run(stub, 'image', renderIds, window);
    expect(result).toEqual({ status: 'completed_with_errors' });
    // 25 items make batches of 2 (item-batches.ts): every item in exactly one batch, at most `window` items at once
    expect(batches.flat().sort()).toEqual([...renderIds].sort());
    expect(Math.max(...batches.map((b) => b.length))).toBe(2);
    expect(maxInFlight).toBeLessThanOrEqual(window);
    expect(maxInFlight).toBeGreaterThan(2);
    const lostBatch = batches.find((b) => b.includes(failingBatchItem))!;
    expect(rendered.sort()).toEqual(renderIds.filter((id) => id !== failingItem && !lostBatch.includes(id)).sort());
    expect(failed.sort()).toEqual([`${failingItem}:asset_unreachable`, ...lostBatch.map((id) => `${id}:render_crashed`)].sort());
    expect(calls).toEqual(['mark', 'zip', 'finalize:z.zip']);
  });

  test('video items still run as child workflows whose ids derive from the collection id and index', async () => {
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

  test('a collection started with a child workflow per item (before item batches) still replays', async () => {
    // recorded from the workflow code before the `collection-item-batches` patch: 3 image items, concurrency 2
    // (binary: this install's two protobufjs copies cannot read a JSON history, 'type must be a Type')
    const history = temporal.api.history.v1.History.decode(fs.readFileSync(path.join(__dirname, 'fixtures', 'collection-children-history.bin')));
    await Worker.runReplayHistory({ workflowsPath: require.resolve('@rp/workflows') }, history, 'collection-pre-batches');
  });
});
