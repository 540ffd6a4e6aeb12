import crypto from 'node:crypto';
import { createWorkflowGateway } from '@rp/workflows/gateway';
import { UNIT_ORG_ID, withUnitApi, type FakeQuery } from '../testing';

// Idempotency-Key through the real route and service; the database and Temporal are stubs.
const TEMPLATE_ID = '00000000-0000-4000-8000-000000000002';
const RENDER_ID = '00000000-0000-4000-8000-000000000003';
const body = { template_id: TEMPLATE_ID };
const hash = (b: unknown) => crypto.createHash('sha256').update(JSON.stringify(b)).digest('hex');
const json = { 'content-type': 'application/json' };

const template = { id: TEMPLATE_ID, org_id: UNIT_ORG_ID, type: 'image', current_version: 1 };
const version = { template_id: TEMPLATE_ID, version: 1, placeholders: [], canvas_data: {}, width: 10, height: 10 };
const render = { id: RENDER_ID, org_id: UNIT_ORG_ID, kind: 'image', template_id: TEMPLATE_ID, status: 'pending', created_at: new Date(0) };

/** The tables a create touches; `stored` is the idempotency row a previous request left, if any. */
function database(stored: { request_hash: string; resource_id: string } | undefined, inserts: FakeQuery[]) {
  return (q: FakeQuery) => {
    if (q.op === 'insert' || q.calls.some((c) => c.method === 'insert')) {
      inserts.push(q);
      // like Postgres' INSERT … RETURNING *: the render row as stored
      return [q.table === 'renders' ? render : { id: RENDER_ID }];
    }
    // the MAX_PENDING_RENDERS_PER_ORG check (render-caps.ts): nothing pending
    if (q.table === 'renders' && q.calls.some((c) => c.method === 'count')) return [{ n: '0' }];
    return { templates: template, template_versions: version, idempotency_keys: stored, renders: render }[q.table];
  };
}

function temporal() {
  const start = jest.fn(async () => ({}));
  // the real gateway around a stub client: what the API asks of Temporal, down to the workflow id
  const client = { workflow: { start }, withDeadline: (_d: number, fn: () => Promise<unknown>) => fn() };
  return { start, client: createWorkflowGateway(client as never) };
}

describe('Idempotency-Key (app.callback with stubbed deps)', () => {
  it('creates once: the first request inserts the render and its key, and starts the workflow', async () => {
    const inserts: FakeQuery[] = [];
    const t = temporal();
    await withUnitApi({ db: database(undefined, inserts), temporal: t.client as never }, async (request) => {
      const res = await request('POST', '/v1/images', { body: JSON.stringify(body), headers: { ...json, 'idempotency-key': 'k1' } });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ id: RENDER_ID, object: 'image', status: 'pending' });
    });
    expect(inserts.map((q) => q.table)).toEqual(['renders', 'idempotency_keys']);
    expect(t.start).toHaveBeenCalledWith('renderWorkflow', expect.objectContaining({ workflowId: `image-${RENDER_ID}`, taskQueue: 'render' }));
  });

  it('replays the same body: the original render, nothing inserted, nothing started', async () => {
    const inserts: FakeQuery[] = [];
    const t = temporal();
    const stored = { request_hash: hash(body), resource_id: RENDER_ID };
    await withUnitApi({ db: database(stored, inserts), temporal: t.client as never }, async (request) => {
      const res = await request('POST', '/v1/images', { body: JSON.stringify(body), headers: { ...json, 'idempotency-key': 'k1' } });
      expect(res.status).toBe(202);
      expect(res.body.id).toBe(RENDER_ID);
    });
    expect(inserts).toEqual([]);
    expect(t.start).not.toHaveBeenCalled();
  });

  it('Temporal refuses the start: 503 + Retry-After, and the render row and its key are deleted together', async () => {
    const inserts: FakeQuery[] = [];
    const deletes: string[] = [];
    const db = database(undefined, inserts);
    const refused = jest.fn(async () => {
      throw new Error('14 UNAVAILABLE: connect ECONNREFUSED');
    });
    const client = { workflow: { start: refused }, withDeadline: (_d: number, fn: () => Promise<unknown>) => fn() };
    const tracking = (q: FakeQuery) => {
      if (q.op === 'del') {
        deletes.push(`${q.table} ${JSON.stringify(q.calls.find((c) => c.method === 'where')?.args[0])}`);
        return 1;
      }
      return db(q);
    };
    await withUnitApi({ db: tracking, temporal: createWorkflowGateway(client as never) as never }, async (request) => {
      const res = await request('POST', '/v1/images', { body: JSON.stringify(body), headers: { ...json, 'idempotency-key': 'k1', prefer: 'wait=5' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body.error.code).toBe('service_unavailable');
    });
    // the same key retried finds no key row, so it creates the render again instead of replaying a deleted id
    expect(deletes).toEqual([`renders {"id":"${RENDER_ID}","status":"pending"}`, `idempotency_keys {"resource_id":"${RENDER_ID}"}`]);
  });

  it('answers 409 for the same key with another body, and 422 for an empty key', async () => {
    const stored = { request_hash: hash({ template_id: 'other' }), resource_id: RENDER_ID };
    await withUnitApi({ db: database(stored, []), temporal: temporal().client as never }, async (request) => {
      const reused = await request('POST', '/v1/images', { body: JSON.stringify(body), headers: { ...json, 'idempotency-key': 'k1' } });
      expect(reused.status).toBe(409);
      expect(reused.body.error).toMatchObject({ code: 'idempotency_key_reused', details: [{ field: 'Idempotency-Key', message: expect.any(String) }] });
      const empty = await request('POST', '/v1/images', { body: JSON.stringify(body), headers: { ...json, 'idempotency-key': '' } });
      expect(empty.status).toBe(422);
      expect(empty.body.error.details[0].field).toBe('Idempotency-Key');
    });
  });
});
