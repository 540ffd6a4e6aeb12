import crypto from 'node:crypto';
import os from 'node:os';
import { closeTestDb, newOrg, testDb } from '../support/orgs';
import { cardFixture, createCardFixtureTemplate, createVideoFixtureTemplate } from './bench-setup';
import { runCollection } from './collection-bench';
import { e2eImages, rawImageBaseline } from './image-bench';
import { probeRateLimit, readRateLimit, runLoad } from './load';
import { formatTable, writeResults } from './report';
import { startCpuMeter, type CpuReport } from './cpu-accounting';
import { loadAverage, processEnv, processRoots, stack, startExtraWorker, workerSettings } from './stack-probe';
import { withDeadline } from './stats';
import { buildSummary } from './summary';
import { FOREIGN_SHARE_LIMIT, gateVerdicts, maxForeignShare } from './foreign-share';
import { closeTemporal } from './temporal-timeline';
import { e2eVideo, rawVideo } from './video-bench';
import { webhookThroughput } from './webhook-bench';
import { urlRenders } from './url-bench';
import { formatVideos, pdfVsPng } from './formats-bench';

/**
 * `npm run bench [-- --quick] [-- --only=images,urls,videos,formats,collections,load]`: scripts/bench.sh starts the stack in the
 * bench profile and runs this with STACK_FILE set. Every figure comes from this one run, each ratio against a
 * baseline measured in it. Phases are capped in time; a phase that fails or runs over is recorded and the next
 * one runs. Everything this process starts (its own Chromium pools, render-worker-2) is stopped before it exits.
 */

const PHASES = ['images', 'urls', 'videos', 'formats', 'collections', 'webhooks', 'load'] as const;
type Phase = (typeof PHASES)[number];

interface Args {
  quick: boolean;
  only: Set<Phase>;
  clients: number;
  budgetS: number;
}

function parseArgs(argv: string[]): Args {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const quick = argv.includes('--quick') || process.env.BENCH_QUICK === '1';
  const only = new Set((get('only')?.split(',') ?? PHASES) as Phase[]);
  for (const p of only) if (!PHASES.includes(p)) throw new Error(`unknown phase ${p}; phases: ${PHASES.join(', ')}`);
  return {
    quick,
    only,
    clients: Number(get('clients') ?? 6),
    budgetS: Number(get('budget') ?? process.env.BENCH_BUDGET_S ?? (quick ? 420 : 840)),
  };
}

const started = new Date();
const t0 = performance.now();
const errors: { phase: string; message: string }[] = [];
const cleanups: (() => Promise<void>)[] = [];
const result: Record<string, any> = {};
const log = (msg: string) => process.stdout.write(`[bench +${Math.round((performance.now() - t0) / 1000)}s] ${msg}\n`);

async function phase<T>(name: string, capS: number, fn: (signal: AbortSignal) => Promise<T>, budgetS: number, reserveS = 0): Promise<T | null> {
  // keep 20 s to write results and clean up, and `reserveS` for the phases still to come
  const left = budgetS - (performance.now() - t0) / 1000 - 20 - reserveS;
  if (left < 15) {
    errors.push({ phase: name, message: 'skipped: the bench time budget is used up' });
    log(`${name}: skipped (time budget)`);
    return null;
  }
  const cap = Math.min(capS, left);
  log(`${name}: start (cap ${Math.round(cap)} s)`);
  const s = performance.now();
  try {
    const r = await withDeadline(cap * 1000, name, fn);
    log(`${name}: done in ${((performance.now() - s) / 1000).toFixed(1)} s`);
    return r;
  } catch (err) {
    const message = (err as Error).message ?? String(err);
    errors.push({ phase: name, message });
    log(`${name}: FAILED: ${message}`);
    return null;
  }
}

async function cleanup(): Promise<void> {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  await closeTemporal();
  await closeTestDb().catch(() => undefined);
}

function finish(args: Args): void {
  const finishedAt = new Date();
  result.finished_at = finishedAt.toISOString();
  result.duration_s = Math.round((performance.now() - t0) / 1000);
  result.host.loadavg_end = loadAverage();
  result.errors = errors;
  result.foreign_share_max = maxForeignShare(result);
  result.comparable = result.foreign_share_max == null || result.foreign_share_max <= FOREIGN_SHARE_LIMIT;
  result.summary = gateVerdicts(buildSummary(result), result.foreign_share_max);
  const files = writeResults(result, started);
  process.stdout.write(`\n${formatTable(result.summary)}\n\n`);
  const share = `${Math.round((result.foreign_share_max ?? 0) * 100)} %`;
  process.stdout.write(
    result.comparable
      ? `foreign CPU at most ${share} of the machine in every phase: verdicts count\n`
      : `foreign CPU reached ${share} in a phase: verdicts are NOT comparable (stop other work and run again)\n`,
  );
  if (errors.length) process.stdout.write(`errors:\n${errors.map((e) => `  ${e.phase}: ${e.message}`).join('\n')}\n`);
  process.stdout.write(`results: ${files.latest}\n         ${files.copy}\n`);
  if (args.quick) process.stdout.write('(quick run: smaller samples; not comparable with a full run)\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // the safety net: whatever hangs, the bench ends, cleans up and still writes what it measured
  const hardStop = setTimeout(() => {
    errors.push({ phase: 'bench', message: `hard time limit of ${args.budgetS + 60} s reached` });
    void cleanup().finally(() => {
      finish(args);
      process.exit(3);
    });
  }, (args.budgetS + 60) * 1000);
  hardStop.unref();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      errors.push({ phase: 'bench', message: `interrupted by ${sig}` });
      void cleanup().finally(() => {
        finish(args);
        process.exit(130);
      });
    });
  }

  const info = stack();
  const settings = await workerSettings();
  const apiEnv = await processEnv('api');
  const concurrency = settings.renderConcurrency;
  Object.assign(result, {
    schema: 1,
    run_id: crypto.randomUUID(),
    started_at: started.toISOString(),
    quick: args.quick,
    host: { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? null, node: process.version, loadavg_start: loadAverage() },
    stack: { api_url: info.apiUrl, profile: info.profile },
    config: {
      worker: settings,
      api: { collection_concurrency: Number(apiEnv.COLLECTION_CONCURRENCY ?? 50) },
      image_clients: args.clients,
    },
  });
  log(`worker: concurrency ${concurrency}, pool ${settings.poolSize}, chunk ${settings.videoChunkFrames} frames; load ${loadAverage().join(' ')}`);

  const org = await newOrg(`bench-${Date.now()}`);
  const cardTemplateId = await createCardFixtureTemplate(org.api);
  const budget = args.budgetS;

  if (args.only.has('images')) {
    const n = args.quick ? 20 : 60;
    const raw = await phase('images.raw', 150, (s) => rawImageBaseline(settings, n, s), budget);
    const e2e = await phase(
      'images.e2e',
      300,
      (s) =>
        e2eImages(org.api, cardTemplateId, { syncN: args.quick ? 10 : 30, n: args.quick ? 40 : 120, clients: args.clients, warmup: settings.poolSize * 2 }, s),
      budget,
    );
    result.images = { fixture: `card ${cardFixture.width}x${cardFixture.height} png`, raw, e2e };
  }

  if (args.only.has('urls')) {
    const n = args.quick ? 10 : 30;
    result.urls = await phase('urls', 240, (s) => urlRenders(org.api, info.apiUrl, cardTemplateId, n, s), budget);
  }

  if (args.only.has('videos')) {
    const sizes: [number, number][] = [
      [1280, 720],
      [1920, 1080],
    ];
    const videos: Record<string, any> = {};
    const templates = new Map<string, string>();
    for (const [w, h] of sizes) templates.set(`${w}x${h}`, await createVideoFixtureTemplate(org.api, w, h));
    for (const [w, h] of sizes) {
      const key = `${w}x${h}`;
      videos[key] = { frames: 150, fps: 30 };
      videos[key].raw = await phase(`videos.${key}.raw`, 180, () => rawVideo(settings, w, h), budget);
      videos[key].e2e_one_worker = await phase(`videos.${key}.e2e-1-worker`, 240, (s) => e2eVideo(org.api, templates.get(key)!, s), budget);
    }
    const stopWorker2 = await phase('videos.start-render-worker-2', 120, () => startExtraWorker('render-worker-2'), budget);
    if (stopWorker2) {
      cleanups.push(stopWorker2);
      for (const [w, h] of sizes) {
        const key = `${w}x${h}`;
        videos[key].e2e_two_workers = await phase(`videos.${key}.e2e-2-workers`, 240, (s) => e2eVideo(org.api, templates.get(key)!, s), budget);
      }
      // collections and load are judged against one worker's RENDER_CONCURRENCY: stop the second one now
      await cleanups.pop()!();
      log('render-worker-2 stopped');
    }
    result.videos = videos;
  }

  if (args.only.has('formats')) {
    // 720p mp4 / webm / gif fps side by side, and seconds per PDF next to PNG, all from this run
    const videos = await phase('formats.videos', 300, (s) => formatVideos(org.api, s), budget);
    const pdf = await phase('formats.pdf', 120, (s) => pdfVsPng(org.api, args.quick ? 5 : 15, s), budget);
    result.formats = { videos, pdf };
  }

  if (args.only.has('collections')) {
    const items = args.quick ? 100 : 500;
    // the collection takes what the budget has left, minus the load phase's share; a cut run reports its projection
    const reserve = args.only.has('load') ? (args.quick ? 60 : 110) : 0;
    const r = await phase('collections', 480, (s) => runCollection(org.api, testDb(), cardTemplateId, items, s), budget, reserve);
    result.collections = { concurrency, collection_concurrency: result.config.api.collection_concurrency, result: r };
  }

  if (args.only.has('webhooks')) {
    result.webhooks = await phase('webhooks', 240, () => webhookThroughput(args.quick ? 50 : 200), budget);
  }

  if (args.only.has('load')) {
    const durationS = args.quick ? 15 : 60;
    const peopleOrg = await newOrg(`bench-load-people-${Date.now()}`);
    const imagesOrg = await newOrg(`bench-load-images-${Date.now()}`);
    const imageTemplateId = await createCardFixtureTemplate(imagesOrg.api);
    const rates = { peopleRate: 40, imageRate: 2 };
    let loadCpu: CpuReport | null = null;
    const load = await phase(
      'load',
      durationS + 60,
      async () => {
        // CPU per component under API load: shows what each request costs beyond the API (Temporal, workers, DB)
        const meter = startCpuMeter(await processRoots(), os.cpus().length);
        try {
          return await runLoad({
            apiUrl: info.apiUrl,
            peopleKey: peopleOrg.key,
            imagesKey: imagesOrg.key,
            imageTemplateId,
            imageModifications: cardFixture.modifications,
            durationS,
            ...rates,
          });
        } finally {
          loadCpu = meter.stop();
        }
      },
      budget,
    );
    // the limit the API really enforces, read with a key that is not the burst key (that request would count)
    const limit = await readRateLimit(info.apiUrl, peopleOrg.key);
    const burstOrg = await newOrg(`bench-ratelimit-${Date.now()}`);
    const probe = limit ? await phase('load.rate-limit', 90, () => probeRateLimit(info.apiUrl, burstOrg.key, limit), budget) : null;
    result.load = { duration_s: durationS, ...rates, result: load, cpu: loadCpu, rate_limit: probe };
  }

  await cleanup();
  finish(args);
}

main().then(
  () => process.exit(errors.length ? 1 : 0),
  async (err) => {
    process.stderr.write(`bench failed: ${(err as Error).stack ?? err}\n`);
    errors.push({ phase: 'bench', message: (err as Error).message });
    await cleanup();
    try {
      finish(parseArgs(process.argv.slice(2)));
    } catch {
      // nothing measured worth writing
    }
    process.exit(1);
  },
);
