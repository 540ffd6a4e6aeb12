import crypto from 'node:crypto';
import { closeTestDb, createCardTemplate, expectError, fieldsOf, newOrg, testDb, waitFor, waitForRender, type ApiResponse, type TestOrg } from '../index';

const N = 4;

/**
 * Idempotency-Key against the real API and Postgres: the first request creates, a repeat replays, and requests
 * racing on one key (all past the lookup before any commits) meet at the key's unique index: one render, one answer.
 */
describe('Idempotency-Key on POST /v1/images', () => {
  let org: TestOrg;
  let templateId: string;
  beforeAll(async () => {
    org = await newOrg();
    templateId = (await createCardTemplate(org.api)).id;
  });
  afterAll(closeTestDb);

  test(`${N} concurrent first requests with one key: every one answers the same render, which exists and renders once`, async () => {
    const key = crypto.randomUUID();
    const body = { template_id: templateId, modifications: [{ name: 'title', text: 'once' }] };
    // the test's own uncommitted row for the key: each request's lookup finds nothing (it cannot see the row), then
    // its insert of the key waits on the unique index (or, behind the first, on the org's admission lock)
    const trx = await testDb().transaction();
    let answers: ApiResponse[];
    try {
      await trx('idempotency_keys').insert({
        org_id: org.orgId,
        route: 'POST /v1/images',
        key,
        request_hash: 'held by the test',
        resource_type: 'image',
        resource_id: crypto.randomUUID(),
      });
      const calls = Array.from({ length: N }, () => org.api.post('/v1/images', body, { 'idempotency-key': key }));
      await waitFor(
        async () => {
          const { rows } = await testDb().raw(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ~ '(renders|idempotency_keys)'",
          );
          return rows[0].n === N || null;
        },
        { timeoutMs: 30_000, everyMs: 50, what: `all ${N} requests to wait on the key's lock` },
      );
      await trx.rollback();
      answers = await Promise.all(calls);
    } finally {
      if (!trx.isCompleted()) await trx.rollback();
    }

    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(202));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    // the losers' render rows rolled back with their key inserts: one row, the one the key names
    expect(await testDb()('renders').where({ org_id: org.orgId }).pluck('id')).toEqual([id]);
    expect(await testDb()('idempotency_keys').where({ org_id: org.orgId, key }).pluck('resource_id')).toEqual([id]);
    const done = await waitForRender(org.api, 'image', id);
    expect(done.status).toBe('completed');
    expect((await testDb()('renders').where({ id }).first()).render_count).toBe(1);

    // later: a repeat replays it, another body with the key is refused, another org's same key is its own
    expect((await org.api.post('/v1/images', body, { 'idempotency-key': key })).body).toMatchObject({ id, status: 'completed' });
    const reused = await org.api.post('/v1/images', { template_id: templateId }, { 'idempotency-key': key });
    expectError(reused, 409, 'idempotency_key_reused');
    expect(fieldsOf(reused)).toEqual(['Idempotency-Key']);
    const other = await newOrg();
    const otherTemplate = await createCardTemplate(other.api);
    const theirs = await other.api.post('/v1/images', { ...body, template_id: otherTemplate.id }, { 'idempotency-key': key });
    expect(theirs.status).toBe(202);
    expect(theirs.body.id).not.toBe(id);
  });

  test('an empty key is refused with 422 naming the header', async () => {
    const res = await org.api.post('/v1/images', { template_id: templateId }, { 'idempotency-key': '' });
    expectError(res, 422);
    expect(fieldsOf(res)).toEqual(['Idempotency-Key']);
  });
});
