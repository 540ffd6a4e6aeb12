import fs from 'node:fs';
import { stackControl } from '@rp/stack';
import { workflowIds } from '@rp/common';
import { closeTestDb, createCardTemplate, newOrg, waitForCollection } from '../index';
import { workflowTreeCost, closeTemporal } from '../bench/temporal-timeline';

const ticks = (pid: number) => {
  const st = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
};

test('measure', async () => {
  if (process.env.RESTART) {
    await stackControl.kill('render-worker', 'SIGKILL');
    await stackControl.start('render-worker');
  }
  const org = await newOrg();
  const tpl = (await createCardTemplate(org.api)).id;
  const st = await stackControl.status();
  const tpid = st.processes.find((p) => p.name === 'temporal')!.pid!;
  const items = Number(process.env.N ?? 200);
  // warm
  for (let i = 0; i < 5; i++) await org.api.post('/v1/images', { template_id: tpl, modifications: [{ name: 'title', text: `w${i}` }] }, { prefer: 'wait=60' });
  let t0 = ticks(tpid);
  let w0 = Date.now();
  const ids: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: 3 }, async () => {
    while (next < items / 2) {
      const i = next++;
      const r = await org.api.post('/v1/images', { template_id: tpl, modifications: [{ name: 'title', text: `s${i}` }] }, { prefer: 'wait=60' });
      ids.push(r.body.id);
    }
  }));
  const single = (ticks(tpid) - t0) / 100 / ids.length;
  const singleWall = (Date.now() - w0) / 1000;
  const sc = await workflowTreeCost(workflowIds.image(ids[0]!));
  t0 = ticks(tpid);
  w0 = Date.now();
  const res = await org.api.post('/v1/collections', { template_id: tpl, items: Array.from({ length: items }, (_, i) => ({ modifications: [{ name: 'title', text: `c${i}` }] })) });
  await waitForCollection(org, res.body.id, 600_000);
  const perItem = (ticks(tpid) - t0) / 100 / items;
  const colWall = (Date.now() - w0) / 1000;
  const cc = await workflowTreeCost(workflowIds.collection(res.body.id));
  console.log(JSON.stringify({ single_temporal_cpu_s: single, singles_per_s: ids.length / singleWall, item_temporal_cpu_s: perItem, items_per_s: items / colWall, ratio: perItem / single, single_cost: sc, collection_cost_per_item: Object.fromEntries(Object.entries(cc).map(([k, v]) => [k, v / items])) }, null, 1));
  await closeTemporal();
  await closeTestDb();
}, 900_000);
