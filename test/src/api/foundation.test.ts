import http from 'node:http';
import crypto from 'node:crypto';
import { apiClient, closeTestDb, expectError, newOrg, stackInfo, testDb, type TestOrg } from '../index';
import { revokeApiKey } from '@rp/db';

// The error contract every route shares: status, code, details naming the field, and a request id.
describe('API foundation', () => {
  let a: TestOrg;
  let b: TestOrg;
  beforeAll(async () => {
    [a, b] = await Promise.all([newOrg(), newOrg()]);
  });
  afterAll(closeTestDb);

  test('401 without a key, with a malformed key, with an unknown key, and with a revoked key', async () => {
    expectError(await apiClient(null).get('/v1/templates'), 401, 'unauthorized');
    expectError(await apiClient(null).get('/v1/templates', { authorization: 'Basic abc' }), 401, 'unauthorized');
    expectError(await apiClient('rk_definitely-not-a-key').get('/v1/templates'), 401, 'unauthorized');
    const extra = await newOrg();
    expect((await extra.api.get('/v1/templates')).status).toBe(200);
    await revokeApiKey(testDb(), extra.keyId);
    expectError(await extra.api.get('/v1/templates'), 401, 'unauthorized');
  });

  test('keys are stored only as hashes', async () => {
    const rows = await testDb()('api_keys').where({ org_id: a.orgId });
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain(a.key);
  });

  test('404 for unknown routes and for another org\'s resource', async () => {
    expectError(await a.api.get('/v1/no-such-thing'), 404, 'not_found');
    const created = await a.api.post('/v1/templates', {
      name: 'Card',
      type: 'image',
      width: 100,
      height: 100,
      composition_html: '<div>hi</div>',
    });
    expect(created.status).toBe(201);
    expectError(await b.api.get(`/v1/templates/${created.body.id}`), 404, 'not_found');
    expectError(await b.api.patch(`/v1/templates/${created.body.id}`, { name: 'stolen' }), 404, 'not_found');
    expect((await a.api.get(`/v1/templates/${created.body.id}`)).status).toBe(200);
  });

  test('405 with Allow for a method a path lacks, also where a fixed path sits beside an {id} path', async () => {
    const cases: Array<[string, string, string]> = [
      ['DELETE', '/v1/collections', 'GET, HEAD, POST'],
      ['PUT', `/v1/people/${crypto.randomUUID()}`, 'GET, HEAD, PATCH, DELETE'],
      // GET /v1/collections/{collection_id} would also match this path: the fixed route decides
      ['GET', '/v1/collections/from-people', 'POST'],
      // no route has DELETE here: the router's own 405 must not advertise the {collection_id} route's GET either
      ['DELETE', '/v1/collections/from-people', 'POST'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await a.api.request(method, path);
      expectError(res, 405, 'method_not_allowed');
      expect({ method, path, allow: res.headers.get('allow')?.split(/,\s*/).sort() }).toEqual({ method, path, allow: allow.split(', ').sort() });
    }
    // fetch refuses TRACE, so it goes over a raw socket; it once answered 500
    const trace = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const req = http.request(`${stackInfo().apiUrl}/v1/templates`, { method: 'TRACE', headers: { authorization: `Bearer ${a.key}` } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.body).error.code).toBe('method_not_allowed');
  });

  test('400 for malformed JSON and invalid UTF-8', async () => {
    expectError(await a.api.post('/v1/templates', '{"name": ', { 'content-type': 'application/json' }), 400, 'malformed_json');
    const bad = Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    expectError(await a.api.post('/v1/templates', bad, { 'content-type': 'application/json' }), 400, 'invalid_utf8');
  });

  test('415 for a body that is not JSON', async () => {
    const res = await a.api.post('/v1/templates', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expectError(res, 415, 'unsupported_media_type');
    expect(res.body.error.details[0].field).toBe('Content-Type');
  });

  test('413 for an oversized body', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    expectError(await a.api.post('/v1/templates', big, { 'content-type': 'application/json' }), 413, 'payload_too_large');
  });

  test('422 names the field, including unknown fields and query bounds', async () => {
    const res = await a.api.post('/v1/templates', { name: 'A', type: 'image', width: 100, height: 100, composition_html: '', bogus: 1 });
    expectError(res, 422, 'validation_failed');
    const fields = res.body.error.details.map((d: any) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'bogus']));
    const q = await a.api.get('/v1/templates?limit=101');
    expectError(q, 422, 'validation_failed');
    expect(q.body.error.details[0].field).toBe('limit');
    const p = await a.api.get('/v1/templates/not-a-uuid');
    expectError(p, 422, 'validation_failed');
    expect(p.body.error.details[0].field).toBe('template_id');
  });

  test('health, readiness, OpenAPI and docs', async () => {
    const open = apiClient(null);
    expect((await open.get('/healthz')).status).toBe(200);
    // readiness with its dependency checks is on the ops port (test/src/ops/operations.test.ts), not here
    expect((await open.get('/readyz')).status).toBe(404);
    // readable without a key (client generators fetch it anonymously); it holds no secrets
    const doc = await open.get('/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/v1/templates/{template_id}', '/v1/collections', '/v1/images', '/v1/videos']));
    const docs = await open.get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('<redoc spec-url="/v1/openapi.json"');
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(docs.text).not.toMatch(/<script[^>]+src=["']https?:/);
  });

  test('the committed docs/openapi.json is current', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { generateOpenApiText } = await import('@rp/api');
    const committed = fs.readFileSync(path.resolve(__dirname, '../../../docs/openapi.json'), 'utf8');
    // run `npm run build && npm run openapi` to refresh it
    expect(committed).toBe(generateOpenApiText());
  });
});
