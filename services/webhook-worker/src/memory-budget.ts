import fs from 'node:fs';

/** The cgroup files that hold a container's memory limit: v2, then v1. "max" (v2) or a huge number (v1) is none. */
const CGROUP_LIMIT_FILES = ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes'];
const NO_LIMIT_BYTES = 2 ** 60;

/** The container's memory limit in MiB from its cgroup, or null when there is none (a process on a host). */
export function cgroupMemoryLimitMb(read: (file: string) => string = (f) => fs.readFileSync(f, 'utf8')): number | null {
  for (const file of CGROUP_LIMIT_FILES) {
    let raw: string;
    try {
      raw = read(file).trim();
    } catch {
      continue;
    }
    if (raw === 'max') return null;
    const bytes = Number(raw);
    if (Number.isFinite(bytes) && bytes > 0 && bytes < NO_LIMIT_BYTES) return Math.floor(bytes / 2 ** 20);
  }
  return null;
}

/**
 * What the worker needs whatever its cache holds: Node, the Temporal core, the workflow bundle, Postgres pool and
 * the attempts in flight (WEBHOOK_CONCURRENCY POSTs with their bodies), with room for the garbage collector.
 * Measured: docs/webhooks.md, "Memory".
 */
export const RESERVED_MB = 300;
/**
 * Memory one cached delivery workflow costs the worker (its state in the shared V8 context and in the core, and the
 * garbage its tasks leave): 542 cached over 1,000 waiting deliveries peaked at 806 MB RSS, about 1 MiB each over
 * the reserve (docs/webhooks.md, "Memory").
 */
export const CACHED_WORKFLOW_KB = 1024;
/** Without a limit (a process on a host), the cache is sized as for this one: the chart's default limit. */
export const DEFAULT_LIMIT_MB = 512;

export interface WorkflowCacheSizing {
  limitMb: number;
  /** Where the limit came from. */
  source: 'WEBHOOK_MEMORY_LIMIT_MB' | 'cgroup' | 'default';
  maxCachedWorkflows: number;
}

/**
 * How many workflows the worker keeps cached: what the memory left after RESERVED_MB holds, never fewer than its
 * workflow task slots (each task in flight needs its workflow cached). A delivery waiting on a retry timer needs
 * no place: once evicted, its next task replays its short history. `explicit` (WEBHOOK_MAX_CACHED_WORKFLOWS > 0)
 * overrides the derived size.
 */
export function workflowCacheSizing(
  opts: { limitMb: number; explicit: number; workflowTaskSlots: number },
  cgroupLimitMb: () => number | null = cgroupMemoryLimitMb,
): WorkflowCacheSizing {
  const cgroup = opts.limitMb > 0 ? null : cgroupLimitMb();
  const limitMb = opts.limitMb > 0 ? opts.limitMb : (cgroup ?? DEFAULT_LIMIT_MB);
  const source = opts.limitMb > 0 ? 'WEBHOOK_MEMORY_LIMIT_MB' : cgroup !== null ? 'cgroup' : 'default';
  const derived = Math.floor(((limitMb - RESERVED_MB) * 1024) / CACHED_WORKFLOW_KB);
  const maxCachedWorkflows = Math.max(opts.explicit > 0 ? opts.explicit : derived, opts.workflowTaskSlots, 2);
  return { limitMb, source, maxCachedWorkflows };
}
