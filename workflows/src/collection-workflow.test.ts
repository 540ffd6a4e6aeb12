import { randomUUID } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { ApplicationFailure } from '@temporalio/common';
import { batchTaskQueue, type RenderActivities } from '@rp/common';
import { stackInfo } from '@rp/test';

// Workflow logic against the real Temporal dev server of the test stack, with stub activities on a private
// task queue: the sliding window, child ids, failure recording and the final zip/finalize sequence.
describe('collectionWorkflow', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    env = await TestWorkflowEnvironment.createFromExistingServer({ address: stackInfo().temporalAddress });
  });
  afterAll(() => env?.teardown());

  // Longer than 60 lines on purpose: the stub activities are written inline, next to the run whose window they observe.
  test('renders every item once through a bounded window and records failures', async () => {
    const taskQueue = `test-collection-${randomUUID()}`;
    const total = 25;
    const window = 4;
    const renderIds: string[] = Array.from({ length: total }, () => randomUUID());
    const failing = new Set<string>([renderIds[3]!, renderIds[17]!]);
    let inFlight = 0;
    let maxInFlight = 0;
    const rendered: string[] = [];
    const failed: string[] = [];
    const calls: string[] = [];
    const stub: Partial<RenderActivities> = {
      async markCollectionRendering() {
        calls.push('mark');
      },
      async renderImage(renderId) {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        // long enough that the window's children overlap even on a loaded machine
        await new Promise((r) => setTimeout(r, 400));
        inFlight--;
        if (failing.has(renderId)) throw ApplicationFailure.nonRetryable('image 404', 'asset_unreachable');
        rendered.push(renderId);
        return { resultPath: `r/${renderId}`, thumbnailPath: 't', imageMetadata: { width: 1, height: 1, format: 'png', bytes: 1, sha256: 'x' }, notify: false };
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
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowsPath: require.resolve('@rp/workflows'),
      activities: stub,
    });
    // items render on the batch queue of the workflow's queue, served (like the render worker's batch child) by an
    // activity-only Worker
    const items = await Worker.create({ connection: env.nativeConnection, taskQueue: batchTaskQueue(taskQueue), activities: stub });
    const collectionId = randomUUID();
    const result = await items.runUntil(
      worker.runUntil(
        env.client.workflow.execute('collectionWorkflow', {
          taskQueue,
          workflowId: `collection-${collectionId}`,
          args: [{ collectionId, orgId: randomUUID(), kind: 'image', templateId: randomUUID(), renderIds, concurrency: window }],
        }),
      ),
    );
    expect(result).toEqual({ status: 'completed_with_errors' });
    expect(maxInFlight).toBeLessThanOrEqual(window);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(rendered.sort()).toEqual(renderIds.filter((id) => !failing.has(id)).sort());
    expect(failed.sort()).toEqual([...failing].map((id) => `${id}:asset_unreachable`).sort());
    expect(calls).toEqual(['mark', 'zip', 'finalize:z.zip']);
    // child ids derive from the collection id and index
    const child = await env.client.workflow.getHandle(`collection-${collectionId}-item-7`).describe();
    expect(child.status.name).toBe('COMPLETED');
  });
});
