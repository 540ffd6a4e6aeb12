import os from 'node:os';
import { newOrg, testDb } from '../support/orgs';
import { workflowIds } from '@rp/workflow-safe';
import { cardFixture, cardRenderBody, createCardFixtureTemplate } from './bench-setup';
import { syncRender } from './image-bench';
import { workflowTreeCost } from './temporal-timeline';
import { runCollection } from './collection-bench';
import { startCpuMeter, type CpuReport } from './cpu-accounting';
import { fairness } from './fairness-bench';
import { probeRateLimit, readRateLimit, runLoad } from './load';
import type { PhaseContext } from './phase-context';
import { processRoots } from './stack-probe';
import { webhookThroughput } from './webhook-bench';

export async function collectionsPhase({ run, args, org, cardTemplateId, settings }: PhaseContext): Promise<void> {
  const items = args.quick ? 100 : 500;
  // the collection takes what the budget has left, minus the share of the phases after it; a cut run reports its
  // projection
  const reserve = (args.only.has('load') ? (args.quick ? 60 : 110) : 0) + (args.only.has('fairness') ? 60 : 0) + (args.only.has('webhooks') ? 30 : 0);
  const r = await run.phase('collections', 480, (s) => runCollection(org.api, testDb(), cardTemplateId, items, s), reserve);
  // what one single image costs Temporal, the yardstick of an item's cost (its CPU: the images phase)
  const single = await syncRender(org.api, cardRenderBody(cardTemplateId, 0));
  const singleImage = single.id ? await workflowTreeCost(workflowIds.render('image', single.id)).catch(() => null) : null;
  run.result.collections = {
    concurrency: settings.renderConcurrency,
    collection_concurrency: run.result.config.api.collection_concurrency,
    result: r,
    single_image_temporal: singleImage,
  };
}

/** Org B's sync renders, idle and while org A's 200-item collection runs (#15 fair share). */
export async function fairnessPhase({ run, args }: PhaseContext): Promise<void> {
  const [a, b] = [await newOrg(`bench-fair-a-${Date.now()}`), await newOrg(`bench-fair-b-${Date.now()}`)];
  const [ta, tb] = [await createCardFixtureTemplate(a.api), await createCardFixtureTemplate(b.api)];
  const opts = { items: args.quick ? 80 : 200, n: args.quick ? 8 : 15 };
  run.result.fairness = await run.phase('fairness', 150, (s) => fairness({ api: a.api, templateId: ta }, { api: b.api, templateId: tb }, testDb(), opts, s));
}

export async function webhooksPhase({ run, args }: PhaseContext): Promise<void> {
  run.result.webhooks = await run.phase('webhooks', 240, () => webhookThroughput(args.quick ? 50 : 200));
}

/** People writes and image renders at fixed rates through the API, then a burst against the rate limit. */
export async function loadPhase({ run, args, info }: PhaseContext): Promise<void> {
  const durationS = args.quick ? 15 : 60;
  const peopleOrg = await newOrg(`bench-load-people-${Date.now()}`);
  const imagesOrg = await newOrg(`bench-load-images-${Date.now()}`);
  const imageTemplateId = await createCardFixtureTemplate(imagesOrg.api);
  const rates = { peopleRate: 40, imageRate: 2 };
  let loadCpu: CpuReport | null = null;
  const load = await run.phase('load', durationS + 60, async () => {
    // CPU per component under API load: shows what each request costs beyond the API (Temporal, workers, DB)
    const meter = startCpuMeter(await processRoots(), os.cpus().length);
    try {
      const keys = { peopleKey: peopleOrg.key, imagesKey: imagesOrg.key };
      return await runLoad({ apiUrl: info.apiUrl, ...keys, imageTemplateId, imageModifications: cardFixture.modifications, durationS, ...rates });
    } finally {
      loadCpu = meter.stop();
    }
  });
  // the limit the API really enforces, read with a key that is not the burst key (that request would count)
  const limit = await readRateLimit(info.apiUrl, peopleOrg.key);
  const burstOrg = await newOrg(`bench-ratelimit-${Date.now()}`);
  const probe = limit ? await run.phase('load.rate-limit', 90, () => probeRateLimit(info.apiUrl, burstOrg.key, limit)) : null;
  run.result.load = { duration_s: durationS, ...rates, result: load, cpu: loadCpu, rate_limit: probe };
}
