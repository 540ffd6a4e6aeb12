import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { serviceHeapFlags } from '@rp/config';
import { stackControl } from '@rp/stack';
import { startEmitEventWorkflow } from '@rp/workflows/client';
import { closeTestDb, newOrg, readProc, recordFigures, testDb, waitFor } from '../index';
import { acceptedCounts, closeTemporalClient, createWebhook, insertRender, startReceiver, temporalClient, terminateOrgDeliveries, verifyHit, type Receiver } from './webhook-test-kit';

// A backlog of deliveries retrying to a dead receiver, on a webhook worker run as the Helm chart runs it (its
// memory limit, concurrency, tuner and V8 heaps): the worker stays under the limit because waiting deliveries leave
// its workflow cache, and every delivery arrives exactly once when the receiver is back. CI size 1,000 deliveries;
// the full size is WEBHOOK_BACKLOG_DELIVERIES=5000 (docs/webhooks.md, "Memory").
const REPO = path.resolve(__dirname, '../../..');
const WEBHOOKS = 10;
const DELIVERIES = Number(process.env.WEBHOOK_BACKLOG_DELIVERIES ?? 1000);
const EVENTS = Math.ceil(DELIVERIES / WEBHOOKS);
// Three quick attempts, then waits long enough that the backlog finishes building while the earliest deliveries
// wait: 36 ms per delivery, at least a minute (1,000 deliveries: 1 minute, 25 minutes in all; 5,000: 3 minutes, 75 in
// all), so every delivery is still retrying when the receiver comes back, and the drain waits at most one of them.
// Real schedules wait minutes to hours; 30-second waits would keep 5,000 deliveries retrying at 167 attempts/s, more
// than two cores deliver, and the backlog would never finish building. A delivery that does retry before the
// backlog is built only fails again against the dead receiver and waits once more.
const WAIT_S = Math.max(60, Math.ceil(DELIVERIES * 0.036));
const SCHEDULE = ['0', '2s', '5s', ...Array.from({ length: 25 }, () => `${WAIT_S}s`)].join(',');

interface ChartWorker {
  limitMb: number;
  config: Record<string, string | number>;
}

/** The chart's memory limit and config for the webhook worker (values.yaml), e.g. 512Mi -> 512. */
function chartWorker(): ChartWorker {
  const values = parse(fs.readFileSync(path.join(REPO, 'deploy/helm/render-platform/values.yaml'), 'utf8'));
  const w = values.webhookWorker as { resources: { limits: { memory: string } }; config: Record<string, string | number> };
  const m = /^(\d+)(Mi|Gi)$/.exec(w.resources.limits.memory);
  if (!m) throw new Error(`unexpected webhookWorker memory limit ${w.resources.limits.memory}`);
  return { limitMb: Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1), config: w.config };
}

/** A webhook worker with the stack worker's environment plus `extra`, logging to `logFile`. */
async function spawnWorker(extra: Record<string, string>, logFile: string): Promise<ChildProcess> {
  const stackPid = (await stackControl.status()).processes.find((p) => p.name === 'webhook-worker')?.pid;
  expect(stackPid).toBeTruthy();
  const env = Object.fromEntries(readProc(stackPid!)!.environ.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));
  Object.assign(env, { HEALTH_PORT: '0', TEMPORAL_METRICS_PORT: '0' }, extra);
  // V8's heaps sized for WEBHOOK_MEMORY_LIMIT_MB, as the image's start sizes them for its container's limit
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} ${serviceHeapFlags('webhook-worker', env).join(' ')}`.trim();
  await stackControl.stop('webhook-worker');
  const out = fs.openSync(logFile, 'w');
  return spawn(process.execPath, [path.join(REPO, 'services/webhook-worker/dist/main.js')], { env, stdio: ['ignore', out, out] });
}

const rssMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
};

const statusCounts = async (orgId: string) => {
  const rows: { status: string; n: string | number }[] = await testDb()('webhook_deliveries').where({ org_id: orgId }).groupBy('status').select('status', testDb().raw('count(*) as n'));
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
};

describe('webhook backlog under the chart memory limit', () => {
  let worker: ChildProcess | undefined;
  let orgId: string | undefined;
  let receiver: Receiver | undefined;
  const logFile = path.join(os.tmpdir(), `webhook-backlog-worker-${process.pid}.log`);
  afterAll(async () => {
    if (orgId) await terminateOrgDeliveries(orgId);
    // closed here, not at the test's end: a failed assertion must not leave the server holding Jest open
    await receiver?.close();
    if (worker && worker.exitCode === null) {
      worker.kill('SIGTERM');
      await new Promise((r) => worker!.once('exit', r));
    }
    await stackControl.start('webhook-worker');
    await closeTemporalClient();
    await closeTestDb();
  });

  test(`${DELIVERIES} deliveries retrying to a dead receiver: RSS under the limit, each delivered once after`, async () => {
    const chart = chartWorker();
    let alive = false;
    const rx = await startReceiver(() => (alive ? { status: 200, body: 'ok' } : 'drop'));
    receiver = rx;
    const o = await newOrg();
    orgId = o.orgId;
    const hooks = await Promise.all(Array.from({ length: WEBHOOKS }, (_, i) => createWebhook(o.api, `${rx.url}/backlog/${i}`)));
    const renderIds = await insertRender(o.orgId, { count: EVENTS });

    const cfg = Object.fromEntries(['WEBHOOK_CONCURRENCY', 'WORKER_TUNER', 'WEBHOOK_TIMEOUT_MS'].map((k) => [k, String(chart.config[k])]));
    worker = await spawnWorker({ ...cfg, WEBHOOK_MEMORY_LIMIT_MB: String(chart.limitMb), WEBHOOK_RETRY_SCHEDULE: SCHEDULE }, logFile);
    const pid = worker.pid!;
    const budget = await waitFor(async () => /"budget":(\{[^}]*\})/.exec(fs.readFileSync(logFile, 'utf8'))?.[1], { what: 'the worker\'s memory budget line' });
    const sizing = JSON.parse(budget) as { limitMb: number; source: string; maxCachedWorkflows: number };
    expect(sizing).toMatchObject({ limitMb: chart.limitMb, source: 'WEBHOOK_MEMORY_LIMIT_MB' });
    // the cache is smaller than the backlog: what keeps the worker under its limit is that waiting deliveries leave it
    expect(sizing.maxCachedWorkflows).toBeLessThan(DELIVERIES);

    const client = await temporalClient();
    let next = 0;
    const began = Date.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < renderIds.length) await startEmitEventWorkflow(client, { orgId: o.orgId, type: 'image.completed', resourceId: renderIds[next++]! });
      }),
    );
    // every delivery has failed at least twice against the dead receiver and waits on a retry timer
    await waitFor(
      async () => Number((await testDb()('webhook_deliveries').where({ org_id: o.orgId, status: 'retrying' }).andWhere('attempts', '>=', 2).count('* as n'))[0]!.n) === DELIVERIES,
      { timeoutMs: 900_000, everyMs: 2000, what: `${DELIVERIES} deliveries retrying (${JSON.stringify(await statusCounts(o.orgId))})` },
    );
    const backlogAt = Date.now();
    const backlogRss = rssMb(pid, 'VmRSS');
    alive = true;
    await waitFor(async () => (await statusCounts(o.orgId)).succeeded === DELIVERIES, {
      timeoutMs: 900_000,
      everyMs: 2000,
      what: 'every delivery succeeded',
    });
    const peakRss = rssMb(pid, 'VmHWM');
    expect(worker.exitCode).toBeNull();

    const accepted = acceptedCounts(rx.hits);
    expect(accepted.size).toBe(DELIVERIES);
    expect([...accepted.values()].every((n) => n === 1)).toBe(true);
    hooks.forEach((hook, i) => {
      for (const h of rx.hits.filter((x) => x.path === `/backlog/${i}` && x.status === 200)) verifyHit(hook.secret, h);
    });
    expect(peakRss).toBeLessThan(chart.limitMb);
    recordFigures('webhook_backlog_memory', {
      deliveries: DELIVERIES,
      limit_mb: chart.limitMb,
      max_cached_workflows: sizing.maxCachedWorkflows,
      rss_mb_with_backlog_waiting: backlogRss,
      peak_rss_mb: peakRss,
      requests_while_dead: rx.hits.filter((h) => h.status === undefined).length,
      backlog_built_s: Math.round((backlogAt - began) / 1000),
      drained_s: Math.round((Date.now() - backlogAt) / 1000),
    });
  }, 1_900_000);
});
