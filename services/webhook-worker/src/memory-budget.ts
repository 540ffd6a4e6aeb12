import { cgroupMemoryLimitMb, resolveMemoryLimit } from '@rp/config';

/**
 * What the worker needs whatever it runs: Node and its two V8 isolates (the main thread, and the thread where the
 * Temporal SDK runs workflows) with their code and the workflow bundle, the Temporal core, the Postgres pool, and
 * room for the garbage collectors. Measured: docs/webhooks.md, "Memory".
 */
export const RESERVED_MB = 300;
/**
 * Memory one cached delivery workflow costs the worker (its state in the workflow thread and in the core, and the
 * garbage its tasks leave): 542 cached over 1,000 waiting deliveries peaked at 806 MB RSS, about 1 MiB each over
 * the reserve (docs/webhooks.md, "Memory").
 */
export const CACHED_WORKFLOW_KB = 1024;
/**
 * Memory one unit of concurrency costs while it is busy: a workflow task with its attempt (the activation, the local
 * activity's rows, request and answer), an emitEvent with its rows, or a start with its answer: about what a cached
 * workflow costs, since a task in flight is a cached workflow doing work.
 */
export const SLOT_KB = 1024;
/** Concurrency may take at most this share of the memory above the reserve; the workflow cache gets the rest. */
const CONCURRENCY_SHARE = 0.5;
/** Temporal refuses fewer than two workflow task slots while workflows are cached. */
const MIN_CONCURRENCY = 2;

export interface WorkerBudget {
  limitMb: number;
  /** Where the limit came from. */
  source: 'WEBHOOK_MEMORY_LIMIT_MB' | 'cgroup' | 'default';
  /**
   * Workflow tasks, attempts (local activities) and emitEvent activities in flight, each: WEBHOOK_CONCURRENCY, or
   * fewer when its share of the memory above the reserve cannot hold that many.
   */
  concurrency: number;
  /** Delivery workflow starts in flight: as many as workflow task slots (an eager start brings a task that needs one). */
  startsInFlight: number;
  maxCachedWorkflows: number;
}

const SOURCE = { setting: 'WEBHOOK_MEMORY_LIMIT_MB', cgroup: 'cgroup', default: 'default' } as const;

/**
 * What a burst may put in the worker's memory at once, derived from its memory limit (WEBHOOK_MEMORY_LIMIT_MB when
 * above 0, else the container's cgroup limit, else 512 MiB): the concurrency, the starts in flight, and the workflow
 * cache, which keeps what the reserve and the concurrency leave, never fewer than the workflow task slots (each task in
 * flight needs its workflow cached). A delivery waiting on a retry timer needs no place: once evicted, its next task
 * replays its short history. `explicitCache` (WEBHOOK_MAX_CACHED_WORKFLOWS > 0) overrides the derived cache size.
 */
export function workerBudget(
  opts: { limitMb: number; concurrency: number; explicitCache: number },
  cgroupLimitMb: () => number | null = cgroupMemoryLimitMb,
): WorkerBudget {
  const { limitMb, source } = resolveMemoryLimit(opts.limitMb, cgroupLimitMb);
  const freeKb = Math.max(0, (limitMb - RESERVED_MB) * 1024);
  const concurrency = Math.max(MIN_CONCURRENCY, Math.min(opts.concurrency, Math.floor((freeKb * CONCURRENCY_SHARE) / SLOT_KB)));
  const derivedCache = Math.floor(Math.max(0, freeKb - concurrency * SLOT_KB) / CACHED_WORKFLOW_KB);
  const maxCachedWorkflows = Math.max(opts.explicitCache > 0 ? opts.explicitCache : derivedCache, concurrency);
  return { limitMb, source: SOURCE[source], concurrency, startsInFlight: concurrency, maxCachedWorkflows };
}
