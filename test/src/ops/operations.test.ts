import { workflowIds } from '@rp/workflow-safe';
import { Client, Connection } from '@temporalio/client';
import {
  closeTestDb,
  createCardTemplate,
  newOrg,
  solidPng,
  stackControl,
  stackInfo,
  startFixtureServer,
  testDb,
  waitFor,
  temporalMetricsPort,
  waitForRender,
  type FixtureServer,
  type TestOrg,
} from '../index';

// What ops meet: Prometheus series after real work, search-attribute queries as in the Temporal UI, and a
// graceful SIGTERM of a render worker in the middle of a render.
describe('operations', () => {
  let org: TestOrg;
  let templateId: string;
  let fixtures: FixtureServer;
  let connection: Connection;
  let client: Client;
  const received: string[] = [];
  beforeAll(async () => {
    org = await newOrg();
    templateId = (await createCardTemplate(org.api)).id;
    fixtures = await startFixtureServer((req, res) => {
      if (req.url?.startsWith('/slow')) {
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'image/png' });
          res.end(solidPng(20, 20, [0, 0, 255]));
        }, 3000);
        return;
      }
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(body);
        res.writeHead(200).end('ok');
      });
    });
    connection = await Connection.connect({ address: stackInfo().temporalAddress });
    client = new Client({ connection, namespace: stackInfo().temporalNamespace });
  });
  afterAll(async () => {
    await connection?.close();
    await fixtures?.close();
    await closeTestDb();
  });

  const metricsOf = async (service: string) => {
    // the API serves /metrics on its ops port only; the workers on HEALTH_PORT
    const url = service === 'api' ? `${stackInfo().apiOpsUrl}/metrics` : stackInfo().healthUrls[service]!.replace('/healthz', '/metrics');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return res.text();
  };

  test('after a render with a webhook, every service shows its named Prometheus series', async () => {
    const res = await org.api.post(
      '/v1/images',
      { template_id: templateId, webhook_url: `${fixtures.url}/hook` },
      { prefer: 'wait=60' },
    );
    expect(res.status).toBe(200);
    await waitFor(async () => received.length > 0, { timeoutMs: 30_000, what: 'the webhook delivery' });
    const api = await metricsOf('api');
    expect(api).toMatch(/http_requests_total\{method="POST",route="\/v1\/images",status="200"\} [1-9]/);
    expect(api).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/v1\/images"/);
    const render = await metricsOf('render-worker');
    expect(render).toMatch(/render_duration_seconds_count\{kind="image",outcome="completed"\} [1-9]/);
    const hooks = await metricsOf('webhook-worker');
    expect(hooks).toMatch(/webhook_attempts_total\{[^}]*outcome="succeeded"[^}]*\} [1-9]/);
  });

  test('the API ops port serves /metrics and the detailed /readyz; the public port only a bare /healthz', async () => {
    const ops = stackInfo().apiOpsUrl;
    const pub = stackInfo().apiUrl;
    expect(new URL(ops).port).toBe(String(Number(new URL(pub).port) + 1)); // OPS_PORT = API port + 1 in the stack
    const metrics = await fetch(`${ops}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^http_requests_total\{/m);
    const ready = await fetch(`${ops}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as any).checks.map((c: any) => c.name).sort()).toEqual(['minio', 'postgres', 'temporal']);
    expect((await fetch(`${ops}/healthz`)).status).toBe(200);
    // the public port (the one the Ingress routes): neither answers, with or without a key
    for (const path of ['/metrics', '/readyz']) {
      const res = await fetch(`${pub}${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(await res.text()).not.toMatch(/http_requests_total|postgres|minio/);
    }
    const live = await fetch(`${pub}/healthz`);
    expect({ status: live.status, body: await live.json() }).toEqual({ status: 200, body: { status: 'ok' } });
    // the ops port serves nothing of the public API
    expect((await fetch(`${ops}/v1/openapi.json`)).status).toBe(404);
  });

  // TEMPORAL_METRICS_PORT: the SDK core's own series (slots, polls, latencies) on a port of their own
  test.each([
    ['render-worker', 'render'],
    ['webhook-worker', 'webhooks'],
  ])('the %s serves Temporal core series on its TEMPORAL_METRICS_PORT', async (service, taskQueue) => {
    const healthPort = Number(new URL(stackInfo().healthUrls[service]!).port);
    const url = `http://127.0.0.1:${temporalMetricsPort(healthPort)}/metrics`;
    const body = await waitFor(
      async () => {
        const text = await (await fetch(url)).text();
        return new RegExp(`^temporal_\\w+\\{[^}]*task_queue="${taskQueue}"`, 'm').test(text) ? text : null;
      },
      { timeoutMs: 30_000, what: `Temporal series of ${service} at ${url}` },
    );
    expect(body).toMatch(/^temporal_worker_task_slots_available\{/m);
  });

  test('renders are searchable by custom search attributes, as in the Temporal UI', async () => {
    const res = await org.api.post('/v1/images', { template_id: templateId }, { prefer: 'wait=60' });
    const workflowId = workflowIds.render('image', res.body.id);
    const found = await waitFor(
      async () => {
        const ids: string[] = [];
        for await (const wf of client.workflow.list({
          query: `OrgId = '${org.orgId}' AND RenderKind = 'image' AND TemplateId = '${templateId}' AND RenderStatus = 'completed'`,
        })) {
          ids.push(wf.workflowId);
        }
        return ids.includes(workflowId) ? ids : null;
      },
      { timeoutMs: 30_000, what: 'the workflow in visibility' },
    );
    expect(found).toContain(workflowId);
    // another org's filter does not see it
    const other: string[] = [];
    for await (const wf of client.workflow.list({ query: `OrgId = '00000000-0000-4000-8000-000000000000'` })) other.push(wf.workflowId);
    expect(other).not.toContain(workflowId);
  });

  test('SIGTERM mid-render: the worker finishes the render within its grace time, exits, and nothing is lost', async () => {
    const res = await org.api.post('/v1/images', {
      template_id: templateId,
      modifications: [{ name: 'photo', image_url: `${fixtures.url}/slow.png` }],
    });
    await waitFor(async () => (await org.api.get(`/v1/images/${res.body.id}`)).body.status === 'rendering', { timeoutMs: 30_000 });
    // the control call waits 5 s for the exit, the worker may take its grace time (SHUTDOWN_GRACE_MS, 30 s): wait for
    // the exit itself
    await stackControl.kill('render-worker', 'SIGTERM');
    await waitFor(async () => (await stackControl.status()).processes.find((p) => p.name === 'render-worker')?.running === false, {
      timeoutMs: 40_000,
      what: 'the render worker to exit after SIGTERM',
    });
    // the in-flight render finished on the stopping worker, inside its grace time
    const row = await testDb()('renders').where({ id: res.body.id }).first();
    expect(row.status).toBe('completed');
    expect(row.render_count).toBe(1);
    await stackControl.start('render-worker');
    const after = await org.api.post('/v1/images', { template_id: templateId }, { prefer: 'wait=60' });
    expect(after.body.status).toBe('completed');
    expect((await waitForRender(org.api, 'image', res.body.id)).status).toBe('completed');
  }, 300_000); // above its waits' budgets (the exit after the grace time, a 60 s sync render, the 120 s render wait)
});
