import { closeTestDb, createCardTemplate, newOrg, waitForCollection } from '../index';

// Render slots are shared between orgs: single renders run at a higher Temporal priority than collection items, and
// the org is the fairness key (RENDER_PRIORITY in @rp/workflow-safe). One org's big collection must not starve another's.
const ITEMS = process.env.TEST_PROFILE === 'quick' ? 80 : 200;

describe('fair share between orgs', () => {
  afterAll(closeTestDb);

  test(`org B's single renders finish while org A's ${ITEMS}-item collection is still running`, async () => {
    const [a, b] = await Promise.all([newOrg(), newOrg()]);
    const [tplA, tplB] = await Promise.all([createCardTemplate(a.api), createCardTemplate(b.api)]);
    const items = Array.from({ length: ITEMS }, (_, i) => ({ modifications: [{ name: 'title', text: `Item ${i}` }] }));
    const col = await a.api.post('/v1/collections', { template_id: tplA.id, items });
    expect(col.status).toBe(202);

    const finished: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await b.api.post('/v1/images', { template_id: tplB.id, modifications: [{ name: 'title', text: `B ${i}` }] }, { prefer: 'wait=60' });
      expect({ status: r.status, render: r.body.status }).toEqual({ status: 200, render: 'completed' });
      finished.push(r.body.id);
    }
    const progress = await a.api.get(`/v1/collections/${col.body.id}`);
    expect(finished).toHaveLength(5);
    expect(['pending', 'rendering']).toContain(progress.body.status);
    expect(progress.body.completed).toBeLessThan(ITEMS);
    // the collection still completes, and leaves the slots free for the next tests
    expect((await waitForCollection(a, col.body.id, 300_000)).status).toBe('completed');
  }, 420_000);
});
