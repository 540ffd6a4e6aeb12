import crypto from 'node:crypto';
import os from 'node:os';
import { newOrg } from '../support/orgs';
import { createCardFixtureTemplate } from './bench-setup';
import { BenchRun } from './bench-run';
import { FOREIGN_SHARE_LIMIT, gateVerdicts, maxForeignShare } from './foreign-share';
import { formatsPhase, imagesPhase, urlsPhase, videosPhase } from './media-phases';
import { PHASES, type BenchArgs, type Phase, type PhaseContext } from './phase-context';
import { collectionsPhase, fairnessPhase, loadPhase, webhooksPhase } from './platform-phases';
import { isolationPhase } from './isolation-bench';
import { nativePhase } from './native-bench';
import { nativeVideoPhase } from './native-video-bench';
import { corpusVideoPhase } from './corpus-video-bench';
import { preflightPhase } from './preflight-bench';
import { formatTable, writeResults } from './report';
import { loadAverage, processEnv, stack, workerSettings } from './stack-probe';
import { buildSummary } from './summary';
import { formatClusterComparison, mergeClusterComparison } from './cluster-compare';

/**
 * `npm run bench [-- --quick] [-- --only=images,urls,...]`: scripts/bench.sh starts the stack in the bench profile
 * and runs this with STACK_FILE set. Every figure comes from this one run, each ratio against a baseline measured
 * in it. Phases are capped in time; a phase that fails or runs over is recorded and the next one runs. Everything
 * this process starts (its own Chromium pools, render-worker-2) is stopped before it exits.
 */

/** In run order: the image floor first, so every later phase can be judged against it. */
const PHASE_FNS: Record<Phase, (ctx: PhaseContext) => Promise<void>> = {
  images: imagesPhase,
  urls: urlsPhase,
  videos: videosPhase,
  formats: formatsPhase,
  collections: collectionsPhase,
  fairness: fairnessPhase,
  webhooks: webhooksPhase,
  load: loadPhase,
  isolation: isolationPhase,
  native: nativePhase,
  'native-video': nativeVideoPhase,
  'native-video-corpus': corpusVideoPhase('native'),
  'chromium-video-corpus': corpusVideoPhase('chromium'),
  preflight: preflightPhase,
};

function parseArgs(argv: string[]): BenchArgs {
  const get = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const quick = argv.includes('--quick') || process.env.BENCH_QUICK === '1';
  const only = new Set((get('only')?.split(',') ?? PHASES) as Phase[]);
  for (const p of only) if (!PHASES.includes(p)) throw new Error(`unknown phase ${p}; phases: ${PHASES.join(', ')}`);
  return {
    quick,
    only,
    clients: Number(get('clients') ?? 6),
    budgetS: Number(get('budget') ?? process.env.BENCH_BUDGET_S ?? (quick ? 480 : 960)),
    compareWith: get('compare-with')?.split(',').filter(Boolean) ?? [],
  };
}

function finish(run: BenchRun, args: BenchArgs): void {
  const { result, errors } = run;
  result.finished_at = new Date().toISOString();
  result.duration_s = Math.round(run.elapsedS());
  result.host.loadavg_end = loadAverage();
  result.errors = errors;
  result.foreign_share_max = maxForeignShare(result);
  result.comparable = result.foreign_share_max == null || result.foreign_share_max <= FOREIGN_SHARE_LIMIT;
  result.summary = gateVerdicts(buildSummary(result), result.foreign_share_max);
  const files = writeResults(result, run.started, args.compareWith.length ? 'cluster' : 'bench');
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
  if (args.compareWith.length) {
    const comparison = mergeClusterComparison(args.compareWith, result, files.copy);
    process.stdout.write(`\n${formatClusterComparison(comparison)}\n(written into ${args.compareWith.join(', ')})\n`);
  }
}

/** Whatever hangs or interrupts the run, it cleans up and still writes what it measured. */
function installStops(run: BenchRun, args: BenchArgs): void {
  const stop = (message: string, code: number) => {
    run.errors.push({ phase: 'bench', message });
    void run.cleanup().finally(() => {
      finish(run, args);
      process.exit(code);
    });
  };
  setTimeout(() => stop(`hard time limit of ${args.budgetS + 60} s reached`, 3), (args.budgetS + 60) * 1000).unref();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => stop(`interrupted by ${sig}`, 130));
}

async function describeRun(run: BenchRun, args: BenchArgs): Promise<Omit<PhaseContext, 'org' | 'cardTemplateId'>> {
  const info = stack();
  const settings = await workerSettings();
  const apiEnv = await processEnv('api');
  Object.assign(run.result, {
    schema: 1,
    run_id: crypto.randomUUID(),
    started_at: run.started.toISOString(),
    quick: args.quick,
    host: { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? null, node: process.version, loadavg_start: loadAverage() },
    stack: { api_url: info.apiUrl, profile: info.profile },
    config: { worker: settings, api: { collection_concurrency: Number(apiEnv.COLLECTION_CONCURRENCY ?? 50) }, image_clients: args.clients },
  });
  run.log(`worker: concurrency ${settings.renderConcurrency}, pool ${settings.poolSize}, chunk ${settings.videoChunkFrames} frames; load ${loadAverage().join(' ')}`);
  return { run, args, info, settings };
}

async function main(run: BenchRun, args: BenchArgs): Promise<void> {
  installStops(run, args);
  const base = await describeRun(run, args);
  const org = await newOrg(`bench-${Date.now()}`);
  const ctx: PhaseContext = { ...base, org, cardTemplateId: await createCardFixtureTemplate(org.api) };
  for (const p of PHASES) if (args.only.has(p)) await PHASE_FNS[p](ctx);
  await run.cleanup();
  finish(run, args);
}

const args = parseArgs(process.argv.slice(2));
const run = new BenchRun(args.budgetS);
main(run, args).then(
  () => process.exit(run.errors.length ? 1 : 0),
  async (err) => {
    process.stderr.write(`bench failed: ${(err as Error).stack ?? err}\n`);
    run.errors.push({ phase: 'bench', message: (err as Error).message });
    await run.cleanup();
    try {
      finish(run, args);
    } catch {
      // nothing measured worth writing
    }
    process.exit(1);
  },
);
