import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { stackControl } from '@rp/stack';
import { closeTestDb, createCardTemplate, descendants, isChromium, newOrg, readProc, stackInfo, waitFor, waitForCollection, type Proc } from '../index';
import { histogramTotals } from '../bench/stack-probe';
import { closeTemporalClient, temporalClient } from '../webhooks/webhook-test-kit';

// Collection items render in a child process of the render worker, started under `nice -n 10` (fair share,
// docs/security.md): the child, its Chromium and everything they fork run at the lower CPU priority.
const REPO = path.resolve(__dirname, '../../..');
const isBatchChild = (p: Proc) => p.environ.includes('RENDER_WORKER_ROLE=batch');
const healthUrl = () => stackInfo().healthUrls['render-worker']!;
const readyStatus = () => fetch(healthUrl().replace('/healthz', '/readyz')).then((r) => r.status, () => 0);
/** Completed image renders in the worker's /metrics, which includes its batch child's series. */
const imagesCompleted = async () => (await histogramTotals(healthUrl(), 'render_duration_seconds', { kind: 'image', outcome: 'completed' }))?.count ?? NaN;

async function stackWorkerPid(): Promise<number> {
  const worker = (await stackControl.status()).processes.find((p) => p.name === 'render-worker');
  expect(worker?.pid).toBeTruthy();
  return worker!.pid!;
}

/** The worker's batch child (its direct child in the batch role), once it runs. */
const batchChildOf = (pid: number) => waitFor(async () => descendants(pid).find((p) => p.ppid === pid && isBatchChild(p)), { what: `batch child of ${pid}` });

/**
 * Who rendered each item of a collection: the worker of every workflow task of its item workflows (an image item's
 * render is a local activity inside it).
 */
async function itemWorkers(client: Client, collectionId: string): Promise<{ taskQueue: string; identity: string }[]> {
  const ids = [`collection-${collectionId}`];
  const out: { taskQueue: string; identity: string }[] = [];
  for (let i = 0; i < ids.length; i++) {
    const events = (await client.workflow.getHandle(ids[i]!).fetchHistory()).events ?? [];
    let ownQueue = '';
    for (const e of events) {
      const child = e.startChildWorkflowExecutionInitiatedEventAttributes?.workflowId;
      if (child) ids.push(child);
      ownQueue = e.workflowExecutionStartedEventAttributes?.taskQueue?.name ?? ownQueue;
      const task = e.workflowTaskStartedEventAttributes;
      if (task && i > 0) out.push({ taskQueue: ownQueue, identity: task.identity ?? '' });
    }
  }
  return out;
}

/** A render worker started by the test with the stack worker's environment, outside the supervisor's reaping. */
async function spawnOwnWorker(extraEnv: Record<string, string>) {
  const env = Object.fromEntries(readProc(await stackWorkerPid())!.environ.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));
  Object.assign(env, { RP_STACK_INSTANCE: `${env.RP_STACK_INSTANCE}-batch-test`, HEALTH_PORT: '0', TEMPORAL_METRICS_PORT: '0', BROWSER_POOL_SIZE: '1' }, extraEnv);
  const worker = spawn(process.execPath, [path.join(REPO, 'services/render-worker/dist/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  worker.stdout.on('data', (b: Buffer) => (out += b.toString()));
  worker.stderr.on('data', (b: Buffer) => (out += b.toString()));
  return { worker, output: () => out };
}

describe('batch process', () => {
  afterAll(async () => {
    await closeTemporalClient();
    await closeTestDb();
  });

  test("collection items render in the worker's niced child process and its niced Chromium", async () => {
    const org = await newOrg();
    const tpl = await createCardTemplate(org.api);
    const items = Array.from({ length: 4 }, (_, i) => ({ modifications: [{ name: 'title', text: `Item ${i}` }] }));
    const completedBefore = await imagesCompleted();
    const col = await org.api.post('/v1/collections', { template_id: tpl.id, items });
    expect(col.status).toBe(202);
    expect((await waitForCollection(org, col.body.id, 120_000)).status).toBe('completed');

    const parentPid = await stackWorkerPid();
    const child = await batchChildOf(parentPid);
    expect({ parent: readProc(parentPid)?.niceness, child: child.niceness }).toEqual({ parent: 0, child: 10 });
    const childChromium = descendants(child.pid).filter(isChromium);
    expect(childChromium.length).toBeGreaterThanOrEqual(1);
    for (const p of childChromium) expect({ pid: p.pid, niceness: p.niceness }).toEqual({ pid: p.pid, niceness: 10 });
    // the parent's own browsers (single renders, videos) keep the normal priority
    const childTree = new Set([child.pid, ...descendants(child.pid).map((p) => p.pid)]);
    const parentChromium = descendants(parentPid).filter((p) => isChromium(p) && !childTree.has(p.pid));
    expect(parentChromium.length).toBeGreaterThanOrEqual(1);
    for (const p of parentChromium) expect({ pid: p.pid, niceness: p.niceness }).toEqual({ pid: p.pid, niceness: 0 });

    // Temporal recorded the batch queue and the child's identity for every item's workflow task (its render a
    // local activity inside it)
    const workers = await itemWorkers(await temporalClient(), col.body.id);
    expect(workers.length).toBeGreaterThanOrEqual(items.length);
    for (const w of workers) expect(w).toEqual({ taskQueue: 'render-batch', identity: expect.stringMatching(new RegExp(`^batch:${child.pid}@`)) });
    // the child has no port: its render metrics reach the worker's /metrics over IPC
    expect((await imagesCompleted()) - completedBefore).toBeGreaterThanOrEqual(items.length);
  }, 180_000);

  test('a crashed batch process makes the worker unready until the worker has restarted it', async () => {
    const parentPid = await stackWorkerPid();
    const child = await batchChildOf(parentPid);
    const browsers = descendants(child.pid).filter(isChromium);
    expect(await readyStatus()).toBe(200);
    process.kill(child.pid, 'SIGKILL');
    // the restart waits a back-off of at least 1 s, so the 503 in between is there to see
    await waitFor(async () => (await readyStatus()) === 503, { everyMs: 50, what: '/readyz 503 while the batch process is down' });
    const restarted = await waitFor(async () => descendants(parentPid).find((p) => p.ppid === parentPid && isBatchChild(p) && p.pid !== child.pid), { what: 'a new batch process' });
    await waitFor(async () => (await readyStatus()) === 200, { timeoutMs: 60_000, what: '/readyz 200 again' });
    expect(restarted.niceness).toBe(10);
    // the crashed child's browsers went with it (its DevTools pipe closed)
    await waitFor(async () => browsers.every((p) => readProc(p.pid)?.exe !== p.exe), { timeoutMs: 30_000, what: "the crashed child's Chromium gone" });
  }, 120_000);

  // A worker of its own, outside the stack's supervisor, which would otherwise reap the child for us on exit.
  test('a render worker killed with SIGKILL leaves no batch process or batch browser behind', async () => {
    const { worker, output } = await spawnOwnWorker({});
    const left: Proc[] = [];
    try {
      await waitFor(async () => output().includes('batch process ready'), { timeoutMs: 90_000, what: 'batch process ready' });
      const child = await batchChildOf(worker.pid!);
      const chromium = await waitFor(async () => descendants(child.pid).filter(isChromium).length > 0, { what: 'batch Chromium' }).then(() => descendants(child.pid).filter(isChromium));
      const batchTree = [child, ...chromium];
      left.push(...descendants(worker.pid!));
      process.kill(worker.pid!, 'SIGKILL');
      const alive = () => batchTree.filter((p) => readProc(p.pid)?.exe === p.exe);
      await waitFor(async () => alive().length === 0, { timeoutMs: 30_000, what: 'batch process and its Chromium gone' });
      expect(output()).toContain('parent render worker gone: batch process exiting');
    } finally {
      worker.kill('SIGKILL');
      // whatever else this test's worker left (e.g. its own browsers) is this test's to clean up
      for (const p of left) if (readProc(p.pid)?.exe === p.exe) process.kill(p.pid, 'SIGKILL');
    }
  }, 150_000);

  test('RENDER_BATCH_PROCESS=0 serves the batch queue from a second Worker in the same process', async () => {
    const { worker, output } = await spawnOwnWorker({ RENDER_BATCH_PROCESS: '0' });
    try {
      const started = await waitFor(async () => output().split('\n').find((l) => l.includes('"msg":"render-worker started"')), { timeoutMs: 90_000, what: 'worker started' });
      expect(JSON.parse(started)).toMatchObject({ taskQueue: 'render', alsoQueues: ['render-batch'] });
      expect(descendants(worker.pid!).filter(isBatchChild)).toEqual([]);
      // the batch browser is started under nice itself
      expect(descendants(worker.pid!).filter((p) => isChromium(p) && p.niceness === 10).length).toBeGreaterThanOrEqual(1);
    } finally {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
  }, 120_000);
});
