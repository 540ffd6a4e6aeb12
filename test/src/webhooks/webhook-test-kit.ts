import crypto from 'node:crypto';
import type http from 'node:http';
import { Client, Connection } from '@temporalio/client';
import { Webhook } from 'standardwebhooks';
import { SA, type EmitEventInput, type EventType } from '@rp/workflow-safe';
import { executeEmitEventWorkflow } from '@rp/workflows/client';
import { startFixtureServer, stackInfo, testDb, waitFor, workerMetricsUrls, type ApiClient } from '../index';

/** One request a receiver got, with the Standard Webhooks headers it carried. */
export interface Hit {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: http.IncomingHttpHeaders;
  at: number;
  /** The status the receiver answered; undefined while (or when) it held the request without answering. */
  status?: number;
}

export interface Reply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface Receiver {
  url: string;
  port: number;
  hits: Hit[];
  hitsFor(webhookId: string): Hit[];
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.2 (the test stack's SSRF allow-list). `respond` gets the hit and how many
 * times this webhook-id arrived so far (1 on the first), so "fail twice, then succeed" is easy to script; `null`
 * holds the request unanswered (a receiver that hangs: the sender gives up or dies first), `'drop'` resets the
 * connection without an answer (a receiver that is down). `port`: a given port (0: any free one).
 */
export async function startReceiver(
  respond: (hit: Hit, nth: number) => Reply | null | 'drop' = () => ({ status: 200, body: 'ok' }),
  port = 0,
): Promise<Receiver> {
  const hits: Hit[] = [];
  const counts = new Map<string, number>();
  const server = await startFixtureServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const h = (name: string) => String(req.headers[name] ?? '');
      const hit: Hit = {
        path: req.url ?? '/',
        id: h('webhook-id'),
        timestamp: h('webhook-timestamp'),
        signature: h('webhook-signature'),
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
        at: Date.now(),
      };
      hits.push(hit);
      const nth = (counts.get(hit.id) ?? 0) + 1;
      counts.set(hit.id, nth);
      const reply = respond(hit, nth);
      if (reply === null) return;
      if (reply === 'drop') {
        req.socket.destroy();
        return;
      }
      hit.status = reply.status;
      res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
      res.end(reply.body ?? '');
    });
  }, '127.0.0.2', port);
  return {
    url: server.url,
    port: server.port,
    hits,
    hitsFor: (id) => hits.filter((x) => x.id === id),
    close: () => server.close(),
  };
}

let client: Client | undefined;
let connection: Connection | undefined;

export async function temporalClient(): Promise<Client> {
  if (!client) {
    const info = stackInfo() as ReturnType<typeof stackInfo> & { temporalNamespace?: string };
    connection = await Connection.connect({ address: info.temporalAddress });
    client = new Client({ connection, namespace: info.temporalNamespace ?? 'default' });
  }
  return client;
}

export async function closeTemporalClient(): Promise<void> {
  await connection?.close();
  connection = undefined;
  client = undefined;
}

/**
 * Stops the org's running delivery workflows (cleanup after a failed load test): their rows are marked failed
 * first, or the worker's start-recovery sweep would start the terminated workflows again.
 */
export async function terminateOrgDeliveries(orgId: string): Promise<number> {
  await testDb()('webhook_deliveries').where({ org_id: orgId }).whereIn('status', ['pending', 'retrying']).update({ status: 'failed', next_retry_at: null });
  const c = await temporalClient();
  const ids: string[] = [];
  const query = `WorkflowType = 'webhookDeliveryWorkflow' AND OrgId = '${orgId}' AND ExecutionStatus = 'Running'`;
  for await (const wf of c.workflow.list({ query })) ids.push(wf.workflowId);
  for (let i = 0; i < ids.length; i += 20) {
    await Promise.all(ids.slice(i, i + 20).map((id) => c.workflow.getHandle(id).terminate('test cleanup').catch(() => undefined)));
  }
  return ids.length;
}

/** The org's delivery workflows as Temporal's visibility lists them: workflow id -> DeliveryStatus. */
export async function listDeliveryWorkflows(orgId: string): Promise<Map<string, { status: string; webhookId: string }>> {
  const c = await temporalClient();
  const out = new Map<string, { status: string; webhookId: string }>();
  for await (const wf of c.workflow.list({ query: `WorkflowType = 'webhookDeliveryWorkflow' AND OrgId = '${orgId}'` })) {
    const attrs = wf.typedSearchAttributes;
    out.set(wf.workflowId, { status: attrs.get(SA.DeliveryStatus) ?? '', webhookId: attrs.get(SA.WebhookId) ?? '' });
  }
  return out;
}

/** How many times each webhook-id was accepted (answered 2xx): exactly once is one each. */
export function acceptedCounts(hits: Hit[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const h of hits) if (h.status !== undefined && h.status >= 200 && h.status < 300) counts.set(h.id, (counts.get(h.id) ?? 0) + 1);
  return counts;
}

/** A counter summed over every webhook worker's /metrics, e.g. webhook_workflow_starts_total{kind="eager"}. */
export async function workerCounter(name: string, label: string): Promise<number> {
  let sum = 0;
  for (const url of workerMetricsUrls('webhook-worker')) {
    const line = (await (await fetch(url)).text()).split('\n').find((l) => l.startsWith(`${name}{${label}}`));
    sum += line ? Number(line.split(' ').pop()) : 0;
  }
  return sum;
}

/**
 * Verifies a hit's Standard Webhooks signature with the webhook's secret (throws when it does not verify), as its
 * receiver would have when it arrived: the library's 5-minute timestamp tolerance is read against `Date.now()`, so a
 * suite that verifies its hits after a long burst would otherwise fail the early ones as too old.
 */
export function verifyHit(secret: string, h: Hit): unknown {
  const now = Date.now;
  Date.now = () => h.at;
  try {
    return new Webhook(secret).verify(h.body, { 'webhook-id': h.id, 'webhook-timestamp': h.timestamp, 'webhook-signature': h.signature });
  } finally {
    Date.now = now;
  }
}

/** Emits an event the way the API does: an emitEventWorkflow on the webhooks task queue. */
export async function emitEvent(orgId: string, type: EventType, resourceId: string): Promise<string[]> {
  const c = await temporalClient();
  const input: EmitEventInput = { orgId, type, resourceId };
  const res = await executeEmitEventWorkflow(c, input, `test-emit-${crypto.randomUUID()}`);
  return res.deliveryIds;
}

/** A finished render row, as the render worker leaves it, so webhook tests do not depend on Chromium. */
export async function insertRender(
  orgId: string,
  opts: { kind?: 'image' | 'video'; status?: 'completed' | 'failed'; webhookUrl?: string; count?: number } = {},
): Promise<string[]> {
  const now = new Date();
  const rows = Array.from({ length: opts.count ?? 1 }, () => ({
    id: crypto.randomUUID(),
    org_id: orgId,
    kind: opts.kind ?? 'image',
    template_id: crypto.randomUUID(),
    template_version: 1,
    status: opts.status ?? 'completed',
    modifications: JSON.stringify([{ name: 'title', text: 'hi' }]),
    result_path: `${orgId}/renders/result.png`,
    thumbnail_path: `${orgId}/renders/thumb.png`,
    image_metadata: JSON.stringify({ width: 10, height: 10, format: 'png', bytes: 100, sha256: 'x' }),
    webhook_url: opts.webhookUrl ?? null,
    started_at: now,
    completed_at: now,
    duration_ms: 5,
  }));
  // chunks keep the statement well under Postgres' parameter limit
  for (let i = 0; i < rows.length; i += 500) await testDb()('renders').insert(rows.slice(i, i + 500));
  return rows.map((r) => r.id);
}

export async function createWebhook(api: ApiClient, url: string, events: string[] = ['*']) {
  const res = await api.post('/v1/webhooks', { url, events });
  if (res.status !== 201) throw new Error(`webhook create failed: ${res.status} ${res.text}`);
  return res.body as { id: string; secret: string; url: string };
}

export const getDelivery = (id: string) => testDb()('webhook_deliveries').where({ id }).first();
export const getAttempts = (deliveryId: string) =>
  testDb()('webhook_attempts').where({ delivery_id: deliveryId }).orderBy([{ column: 'series' }, { column: 'attempt' }]);

/** Waits until the delivery row satisfies `done` (default: a final status). */
export function waitForDelivery(id: string, done: (d: any) => boolean = (d) => d.status === 'succeeded' || d.status === 'failed', timeoutMs = 60_000) {
  return waitFor(
    async () => {
      const d = await getDelivery(id);
      return d && done(d) ? d : null;
    },
    { timeoutMs, everyMs: 100, what: `delivery ${id}` },
  );
}
