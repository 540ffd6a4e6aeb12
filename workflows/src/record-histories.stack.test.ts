import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { ApplicationFailure } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { batchTaskQueue, workflowIds, type RenderActivities, type VideoPlan } from '@rp/workflow-safe';
import { readStackInfo } from '@rp/stack';

// The histories workflow-replay.test.ts replays, made by running each workflow against the stack's Temporal server
// with stub activities on a private task queue. Every run asserts its outcome; with RECORD_HISTORIES=1 the histories
// are written to fixtures/ as well (after a deliberate change of a workflow, never to make a replay test pass;
// from the first release on, fixtures of the old code stay beside the new ones: docs/ARCHITECTURE.md "Temporal"):
//   RECORD_HISTORIES=1 npm test -- workflows/src/record-histories
const FIXTURES = path.join(__dirname, 'fixtures');
const RECORD = process.env.RECORD_HISTORIES === '1';

describe('workflow histories for the replay test', () => {
  let env: TestWorkflowEnvironment;
  const recorded: string[] = [];
  beforeAll(async () => {
    env = await TestWorkflowEnvironment.createFromExistingServer({ address: readStackInfo().temporalAddress });
  });
  afterAll(() => env?.teardown());

  /** Runs `body` with a Worker on a private queue and one on its batch queue, both serving `stub`. */
  const withWorkers = async <T>(stub: Partial<RenderActivities>, body: (taskQueue: string) => Promise<T>): Promise<T> => {
    const taskQueue = `test-history-${randomUUID()}`;
    const workflowsPath = require.resolve('@rp/workflows');
    const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowsPath, activities: stub });
    const items = await Worker.create({ connection: env.nativeConnection, taskQueue: batchTaskQueue(taskQueue), workflowsPath, activities: stub });
    return items.runUntil(worker.runUntil(body(taskQueue)));
  };

  /** Writes the workflow's history as fixtures/<name>.bin when recording; either way it must replay. */
  const keep = async (workflowId: string, name: string) => {
    const history = await env.client.workflow.getHandle(workflowId).fetchHistory();
    await Worker.runReplayHistory({ workflowsPath: require.resolve('@rp/workflows') }, history, workflowId);
    if (RECORD) fs.writeFileSync(path.join(FIXTURES, `${name}.bin`), temporal.api.history.v1.History.encode(history).finish());
    recorded.push(name);
  };

  const ids = () => ({ orgId: randomUUID(), templateId: randomUUID() });
  const imageOut = { resultPath: 'r.png', thumbnailPath: 't.jpg', imageMetadata: {} as never, notify: false };
  const collectionSteps: Partial<RenderActivities> = {
    markCollectionRendering: async () => undefined,
    zipCollection: async () => ({ zipPath: 'z.zip' }),
    finalizeCollection: async () => ({ status: 'completed_with_errors', notify: false }),
  };

  test('an image collection: 5 items, 2 at once, item 3 failing permanently (the collection, a failed and a completed item)', async () => {
    const renderIds = Array.from({ length: 5 }, () => randomUUID());
    const collectionId = randomUUID();
    const stub: Partial<RenderActivities> = {
      ...collectionSteps,
      async renderImage(renderId) {
        if (renderId === renderIds[3]) throw ApplicationFailure.nonRetryable('image host unreachable', 'asset_unreachable');
        return imageOut;
      },
      failRender: async () => ({ notify: false }),
    };
    const result = await withWorkers(stub, (taskQueue) =>
      env.client.workflow.execute('collectionWorkflow', {
        taskQueue,
        workflowId: workflowIds.collection(collectionId),
        args: [{ collectionId, ...ids(), kind: 'image', renderIds, concurrency: 2 }],
      }),
    );
    expect(result).toEqual({ status: 'completed_with_errors' });
    await keep(workflowIds.collection(collectionId), 'collection-image');
    await keep(workflowIds.collectionItem(collectionId, 3), 'image-item-failed');
    await keep(workflowIds.collectionItem(collectionId, 0), 'image-item-completed');
  });

  test('a video collection: 2 items, 1 at once', async () => {
    const collectionId = randomUUID();
    const plan = { totalFrames: 1, chunks: [{ index: 0 }] } as unknown as VideoPlan;
    const stub: Partial<RenderActivities> = {
      ...collectionSteps,
      markRendering: async () => undefined,
      planVideo: async () => plan,
      renderVideoChunk: async () => ({ index: 0, segmentPath: 's', frames: 1 }),
      concatVideo: async () => ({ resultPath: 'v.mp4', thumbnailPath: 't', bytes: 1, notify: false }),
    };
    const result = await withWorkers(stub, (taskQueue) =>
      env.client.workflow.execute('collectionWorkflow', {
        taskQueue,
        workflowId: workflowIds.collection(collectionId),
        args: [{ collectionId, ...ids(), kind: 'video', renderIds: [randomUUID(), randomUUID()], concurrency: 1 }],
      }),
    );
    expect(result).toEqual({ status: 'completed_with_errors' });
    await keep(workflowIds.collection(collectionId), 'collection-video');
  });

  test('single renders: an image, a failed image and a video of two chunks', async () => {
    const failing = randomUUID();
    const plan = { totalFrames: 2, chunks: [{ index: 0 }, { index: 1 }] } as unknown as VideoPlan;
    const stub: Partial<RenderActivities> = {
      async renderImage(renderId) {
        if (renderId === failing) throw ApplicationFailure.nonRetryable('template broken', 'template_invalid');
        return imageOut;
      },
      failRender: async () => ({ notify: false }),
      markRendering: async () => undefined,
      planVideo: async () => plan,
      renderVideoChunk: async (_id, _plan, chunk) => ({ index: chunk.index, segmentPath: `s${chunk.index}`, frames: 1 }),
      concatVideo: async () => ({ resultPath: 'v.mp4', thumbnailPath: 't', bytes: 1, notify: false }),
    };
    const runs = [
      { kind: 'image', renderId: randomUUID(), name: 'render-image', status: 'completed' },
      { kind: 'image', renderId: failing, name: 'render-image-failed', status: 'failed' },
      { kind: 'video', renderId: randomUUID(), name: 'render-video', status: 'completed' },
    ] as const;
    await withWorkers(stub, async (taskQueue) => {
      for (const r of runs) {
        const workflowId = workflowIds.render(r.kind, r.renderId);
        const result = await env.client.workflow.execute('renderWorkflow', { taskQueue, workflowId, args: [{ renderId: r.renderId, kind: r.kind, ...ids() }] });
        expect(result).toMatchObject({ renderId: r.renderId, status: r.status });
      }
    });
    for (const r of runs) await keep(workflowIds.render(r.kind, r.renderId), r.name);
  });

  test('a scheduled run that creates its collection (one image item)', async () => {
    const scheduleId = randomUUID();
    const collection = { collectionId: randomUUID(), ...ids(), kind: 'image' as const, renderIds: [randomUUID()], concurrency: 1, scheduleId };
    const stub: Partial<RenderActivities> = {
      ...collectionSteps,
      runSchedule: async () => ({ status: 'created', runId: 'run-1', collection }),
      renderImage: async () => imageOut,
    };
    const workflowId = workflowIds.scheduleRun(scheduleId);
    await withWorkers(stub, async (taskQueue) => {
      const out = await env.client.workflow.execute('scheduledRunWorkflow', { taskQueue, workflowId, args: [{ scheduleId, orgId: collection.orgId }] });
      expect(out).toMatchObject({ status: 'created', runId: 'run-1', collection: { collectionId: collection.collectionId } });
      // the collection is an abandoned child: it runs on after the run, here until it ends
      expect(await env.client.workflow.getHandle(workflowIds.collection(collection.collectionId)).result()).toEqual({ status: 'completed_with_errors' });
    });
    await keep(workflowId, 'scheduled-run');
  });

  test('a webhook delivery answered on its second attempt, after a durable timer', async () => {
    const deliveryId = randomUUID();
    const attempts: number[] = [];
    const stub = {
      async attemptDelivery(input: { attempt: number }) {
        attempts.push(input.attempt);
        return input.attempt === 1 ? { outcome: 'retry' as const, nextDelayMs: 50 } : { outcome: 'succeeded' as const, nextDelayMs: null };
      },
    };
    const workflowId = workflowIds.webhookDelivery(deliveryId);
    const result = await withWorkers(stub as Partial<RenderActivities>, (taskQueue) =>
      env.client.workflow.execute('webhookDeliveryWorkflow', { taskQueue, workflowId, args: [{ deliveryId, orgId: randomUUID(), scheduleMs: [0, 50, 100] }] }),
    );
    expect(result).toEqual({ outcome: 'succeeded', attempts: 2 });
    expect(attempts).toEqual([1, 2]);
    await keep(workflowId, 'webhook-delivery');
  });

  test('an engine decision whose parity check fails for good records Chromium', async () => {
    const input = { orgId: randomUUID(), templateId: randomUUID(), version: 1 };
    const recorded: unknown[] = [];
    const stub: Partial<RenderActivities> = {
      decideEngine: async () => {
        throw ApplicationFailure.nonRetryable('no browser', 'internal_error');
      },
      recordEngineDecision: async (_input, decision) => void recorded.push(decision),
    };
    const workflowId = workflowIds.engineDecision(input.templateId, input.version);
    const result = await withWorkers(stub, (taskQueue) => env.client.workflow.execute('engineDecisionWorkflow', { taskQueue, workflowId, args: [input] }));
    expect(result).toEqual({ engine: 'chromium', reason: 'parity_error', parity: null });
    expect(recorded).toEqual([result]);
    await keep(workflowId, 'engine-decision-fallback');
  });

  test('every history this file makes is a fixture the replay test reads', () => {
    const committed = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.bin')).map((f) => f.replace(/\.bin$/, ''));
    expect(committed).toEqual(expect.arrayContaining(recorded));
  });
});
