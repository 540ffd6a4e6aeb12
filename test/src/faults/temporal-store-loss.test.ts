import fs from 'node:fs';
import path from 'node:path';
import {
  closeTestDb,
  createCardTemplate,
  newOrg,
  stackControl,
  stackInfo,
  testDb,
  waitFor,
  type TestOrg,
} from '../index';

/**
 * The durability contract (docs/stack.md, "Durability"): Temporal's embedded SQLite runs with synchronous=NORMAL,
 * so an OS crash may lose its newest events, while Postgres, fully synced, holds every acceptance. This test takes
 * the worst case of such a crash, a Temporal store that lost every event, and shows that nothing accepted is lost:
 * the render worker's sweeper re-drives every unfinished row from Postgres, and each render completes exactly once.
 */
describe('Temporal store lost under accepted work', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await newOrg();
  });
  afterAll(async () => {
    await stackControl.start('render-worker').catch(() => undefined);
    await closeTestDb();
  });

  test('renders and a collection accepted before the loss all complete exactly once', async () => {
    const template = await createCardTemplate(org.api);
    // with no render worker, every accepted render waits in Temporal: the loss takes all of it
    await stackControl.stop('render-worker');
    const images: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await org.api.post('/v1/images', { template_id: template.id, modifications: [{ name: 'title', text: `lost ${i}` }] });
      expect(res.status).toBe(202);
      images.push(res.body.id);
    }
    const col = await org.api.post('/v1/collections', {
      template_id: template.id,
      items: [1, 2, 3].map((n) => ({ modifications: [{ name: 'title', text: `item ${n}` }] })),
    });
    expect(col.status).toBe(202);

    await stackControl.stop('temporal');
    const dbFile = path.join(stackInfo().dataDir, 'temporal.db');
    for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) fs.rmSync(f, { force: true });
    await stackControl.start('temporal');
    await stackControl.start('render-worker');

    const rows = await waitFor(
      async () => {
        const r = await testDb()('renders').where({ org_id: org.orgId }).select('id', 'status', 'render_count');
        return r.length === 7 && r.every((x: any) => x.status === 'completed') ? r : null;
      },
      { timeoutMs: 150_000, everyMs: 1000, what: 'every accepted render to complete after the Temporal store was lost' },
    );
    expect(rows.filter((r: any) => r.render_count !== 1)).toEqual([]);
    const collection = await waitFor(
      async () => {
        const r = await org.api.get(`/v1/collections/${col.body.id}`);
        return r.body.status === 'completed' ? r.body : null;
      },
      { timeoutMs: 60_000, everyMs: 1000, what: 'the collection to complete' },
    );
    expect(collection).toMatchObject({ status: 'completed' });
    for (const id of images) expect((await org.api.get(`/v1/images/${id}`)).body.status).toBe('completed');
  }, 300_000); // above its waits' budgets together (150 s + 60 s) and the restarts
});
