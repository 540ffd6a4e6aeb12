import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { closeTestDb, newOrg, recordFigures, stackInfo, testDb, waitFor, type TestOrg } from '../index';
import { acceptedCounts, closeTemporalClient, createWebhook, startReceiver, terminateOrgDeliveries, verifyHit, type Receiver } from '../webhooks/webhook-test-kit';
import { describeMemory, watchMemory, type MemoryReport } from './memory-watch';
import { PodContainer, renderForStack, type Service } from './podman';

/*
 * A burst of webhook deliveries while the receiver is down, on the API and webhook worker run from their images
 * under the chart's memory and CPU limits (cgroup limits podman sets from resources.limits). 10 webhooks point at a
 * port of 127.0.0.2 where nothing listens; people are created through the API, each person.created event fanning out
 * to the 10 webhooks. Once every delivery row exists and a tenth of the deliveries have failed an attempt, a receiver
 * starts on that port. Every delivery must then arrive exactly once with a valid signature, and the worker must stay
 * within 85 % of its limit without an OOM kill or a restart.
 *
 * The burst, as CI runs it: 10,000 deliveries (1,000 events from 20 clients, created within about 10 s). The
 * worker takes about 40 deliveries a second at the chart's 0.5 CPU, so the drain takes four to five minutes on a
 * machine with its cores to spare. WEBHOOK_BURST_DELIVERIES (a multiple of 10) sizes it down for a quick local run.
 * docs/capacity.md has the figures.
 */

const SERVICES_UNDER_TEST: Service[] = ['api', 'webhook-worker'];
const WEBHOOKS = 10;
const DELIVERIES = Number(process.env.WEBHOOK_BURST_DELIVERIES ?? 10_000);
const EVENTS = DELIVERIES / WEBHOOKS;
/** Concurrent API clients creating people: 1,000 creates take 10-15 s, inside the 30 s of the burst. */
const CLIENTS = 20;
/**
 * The chart's schedule waits 5 minutes after the second attempt; this one keeps every delivery retrying within
 * about two minutes of its first failure, so the receiver's return is met by the next attempt within the test's time.
 */
const RETRY_SCHEDULE = '0,5s,15s,30s,60s,60s,60s,60s,60s,60s,60s,60s';
/** The acceptance: the worker's peak within this share of its chart limit. */
const MAX_SHARE_OF_LIMIT = 0.85;

/** A port of 127.0.0.2 with nothing listening on it (a receiver that is down: connections are refused). */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Creates `count` people from `clients` concurrent clients: each create emits person.created. */
async function createPeople(org: TestOrg, count: number, clients: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const n = next++;
        const res = await org.api.post('/v1/people', { first_name: `Burst ${n}` });
        if (res.status !== 201) throw new Error(`POST /v1/people answered ${res.status}: ${res.text}`);
      }
    }),
  );
}

const statusCounts = async (orgId: string): Promise<Record<string, number>> => {
  const rows: { status: string; n: string }[] = await testDb()('webhook_deliveries').where({ org_id: orgId }).groupBy('status').select('status', testDb().raw('count(*) as n'));
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
};
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const failedOnce = async (orgId: string): Promise<number> =>
  Number((await testDb()('webhook_deliveries').where({ org_id: orgId, status: 'retrying' }).count('* as n'))[0]!.n);

describe(`${DELIVERIES} webhook deliveries in a burst against a receiver that is down, under the chart limits`, () => {
  const info = stackInfo();
  const prefix = `rp-burst-${info.ports.api}`;
  const pods: Partial<Record<Service, PodContainer>> = {};
  let rx: Receiver | undefined;
  let orgId: string | undefined;
  let passed = false;

  beforeAll(async () => {
    const objs = renderForStack(info, { webhookWorker: { config: { WEBHOOK_RETRY_SCHEDULE: RETRY_SCHEDULE } } });
    for (const svc of SERVICES_UNDER_TEST) pods[svc] = await PodContainer.start(objs, svc, prefix);
  }, 300_000);

  afterAll(async () => {
    // a failed run leaves no delivery retrying into the next suite's worker
    if (orgId && !passed) await terminateOrgDeliveries(orgId);
    for (const svc of SERVICES_UNDER_TEST) {
      if (!pods[svc]) continue;
      fs.writeFileSync(path.join(info.logsDir, `burst-${svc}.log`), await pods[svc].logs());
      pods[svc].remove();
    }
    await rx?.close();
    await closeTemporalClient();
    await closeTestDb();
  });

  /** The burst, then the receiver back: what the statuses were when it came up, and how long each phase took. */
  async function burst(org: TestOrg, port: number) {
    const began = Date.now();
    await createPeople(org, EVENTS, CLIENTS);
    const eventsS = (Date.now() - began) / 1000;
    await waitFor(async () => total(await statusCounts(org.orgId)) === DELIVERIES, {
      timeoutMs: 600_000,
      everyMs: 500,
      what: `${DELIVERIES} delivery rows`,
    });
    const rowsS = (Date.now() - began) / 1000;
    // a tenth of the deliveries have met the dead receiver: they wait on retry timers when it comes back
    await waitFor(async () => (await failedOnce(org.orgId)) >= DELIVERIES / 10, {
      timeoutMs: 600_000,
      everyMs: 500,
      what: `${DELIVERIES / 10} deliveries failed once`,
    });
    const whileDown = await statusCounts(org.orgId);
    rx = await startReceiver(undefined, port);
    const upAt = Date.now();
    await waitFor(async () => (await statusCounts(org.orgId)).succeeded === DELIVERIES, {
      timeoutMs: 1_200_000,
      everyMs: 2000,
      what: `every delivery succeeded (${JSON.stringify(await statusCounts(org.orgId))})`,
    });
    return { eventsS, rowsS, whileDown, drainedS: (Date.now() - upAt) / 1000 };
  }

  test('every delivery arrives exactly once, signed; the worker stays within 85 % of its limit, no OOM kill, no restart', async () => {
    const port = await deadPort();
    const org = await newOrg();
    orgId = org.orgId;
    const hooks = await Promise.all(
      Array.from({ length: WEBHOOKS }, (_, i) => createWebhook(org.api, `http://127.0.0.2:${port}/burst/${i}`, ['person.created'])),
    );
    const watches = await Promise.all(SERVICES_UNDER_TEST.map((svc) => watchMemory(pods[svc]!)));
    let reports: MemoryReport[] = [];
    let phases: Awaited<ReturnType<typeof burst>>;
    try {
      phases = await burst(org, port);
    } finally {
      // printed whatever happened: a run that failed still says how close to its limit each service came
      reports = await Promise.all(watches.map((w) => w.stop()));
      for (const r of reports) console.log(describeMemory(r));
    }

    const ids: string[] = await testDb()('webhook_deliveries').where({ org_id: org.orgId }).pluck('id');
    const accepted = acceptedCounts(rx!.hits);
    expect([...accepted.keys()].sort()).toEqual(ids.sort());
    expect([...accepted.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    hooks.forEach((hook, i) => {
      for (const h of rx!.hits.filter((x) => x.path === `/burst/${i}` && x.status === 200)) verifyHit(hook.secret, h);
    });
    for (const r of reports) {
      expect({ container: r.container, oomKills: r.oomKills, restarts: r.restarts, oomKilled: r.oomKilled }).toEqual({ container: r.container, oomKills: 0, restarts: 0, oomKilled: false });
    }
    const [api, worker] = reports;
    expect(worker!.fractionOfLimit).toBeLessThanOrEqual(MAX_SHARE_OF_LIMIT);
    expect(api!.fractionOfLimit).toBeLessThan(1);
    passed = true;
    recordFigures('containers_webhook_burst', {
      deliveries: DELIVERIES,
      events_s: phases.eventsS,
      rows_created_s: phases.rowsS,
      statuses_when_receiver_came_up: phases.whileDown,
      drained_s: phases.drainedS,
      memory: reports.map(({ container, firstUsageBytes, peakBytes, peakSource, anonPeakBytes, chartLimitBytes, fractionOfLimit }) => ({
        container, firstUsageBytes, peakBytes, peakSource, anonPeakBytes, chartLimitBytes, fractionOfLimit,
      })),
    });
  }, 2_400_000);
});
