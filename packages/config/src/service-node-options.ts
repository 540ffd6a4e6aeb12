import { cgroupMemoryLimitMb, resolveMemoryLimit } from './memory-limit';

/**
 * The young generation's semi-space every service process runs with. Node 20's default caps it at 16 MB: a render
 * allocates megabytes of short-lived buffers and protobuf/JSON objects, and a larger nursery lets more of them die
 * before a scavenge has to copy the survivors. Measured with the bench's native phase, with and without the flag back
 * to back (bench/README.md): render-worker Node CPU 3.29 -> 2.89 s per 180 images (0.018 -> 0.016 CPU-s each), API
 * 1.13 -> 1.04 s.
 */
const SEMI_SPACE_MB = 32;

/**
 * V8 flags every service process runs with: `NODE_OPTIONS` in the container images (Dockerfile, runtime stage) and
 * in the stack's service env (tools/stack service-component.ts); forked children (the batch process, native engine
 * processes) inherit them.
 */
export const SERVICE_NODE_OPTIONS = `--max-semi-space-size=${SEMI_SPACE_MB}`;

/**
 * `NODE_OPTIONS` for a service: the inherited options (a debugger, a profiler preload), the service flags, and then
 * its heap flags (serviceHeapFlags), last so that their semi-space wins.
 */
export function serviceNodeOptions(inherited: string | undefined, heapFlags: string[] = []): string {
  return [inherited?.trim(), SERVICE_NODE_OPTIONS, ...heapFlags].filter(Boolean).join(' ');
}

/**
 * The share of a memory limit V8's heap may take (old and young generation together). The rest is what lives outside
 * the heap and is not bounded by it: the Temporal core (Rust: its gRPC buffers, the workflow activations it holds),
 * Node's own native memory and code, thread stacks, sockets and the page cache of the files the process reads.
 */
export const HEAP_SHARE_OF_LIMIT = 0.5;
/** A semi-space of at most 1/16 of an isolate's heap: 16 MB of a 256 MB heap (48 MB of young generation). */
const SEMI_SPACE_PER_HEAP = 16;
/** The least old generation a service starts with at all. */
const MIN_OLD_SPACE_MB = 64;

export interface HeapSizing {
  semiSpaceMb: number;
  oldSpaceMb: number;
  /** What each V8 isolate may hold at most: its old generation and three semi-spaces (two of the nursery, one of new large objects). */
  heapMb: number;
}

/**
 * V8's heap sized for a process that must live within `limitMb` and runs `isolates` V8 isolates (the main thread and
 * each worker thread: the flags apply to every one). Without flags Node sizes each isolate from the cgroup limit by
 * itself, as for a browser: a quarter of the limit (at least 256 MB) of old generation plus three semi-spaces, 352 MB
 * at 512 MiB, for every isolate; V8 lets a heap grow toward its limit before it collects hard, so a burst's garbage
 * alone can take the process over its memory limit.
 */
export function heapSizing(limitMb: number, isolates = 1): HeapSizing {
  const perIsolateMb = (limitMb * HEAP_SHARE_OF_LIMIT) / isolates;
  const semiSpaceMb = Math.max(1, Math.min(SEMI_SPACE_MB, Math.floor(perIsolateMb / SEMI_SPACE_PER_HEAP)));
  const oldSpaceMb = Math.max(MIN_OLD_SPACE_MB, Math.floor(perIsolateMb) - 3 * semiSpaceMb);
  return { semiSpaceMb, oldSpaceMb, heapMb: oldSpaceMb + 3 * semiSpaceMb };
}

/** The sizing as `node` flags; given on the command line they override NODE_OPTIONS's semi-space. */
export const heapNodeFlags = (limitMb: number, isolates = 1): string[] => {
  const h = heapSizing(limitMb, isolates);
  return [`--max-semi-space-size=${h.semiSpaceMb}`, `--max-old-space-size=${h.oldSpaceMb}`];
};

/**
 * The services whose V8 heaps are sized for their memory limit: the setting that gives the limit instead of the
 * cgroup's, and how many isolates the process runs. The webhook worker runs two: its main thread and the worker
 * thread where the Temporal SDK runs its workflows (one thread while workflows share a V8 context, its default).
 */
export const SIZED_HEAPS: Readonly<Record<string, { setting: string; isolates: number }>> = {
  'webhook-worker': { setting: 'WEBHOOK_MEMORY_LIMIT_MB', isolates: 2 },
};

/**
 * A V8 old generation that starts at 64 MB instead of V8's few megabytes: a process that hands megabytes of external
 * memory through short-lived Buffers (captures, pixels, encoded outputs, frames) otherwise runs a full mark-compact
 * every few renders to grow it. The render worker and its engine processes start with it. Measured for the worker's
 * Chromium path (bench/chromium-cpu.js, bench/README.md): Node 61.4 -> 52.9 CPU-ms per image, full mark-compacts
 * 40-46 -> 5 per 110 renders; for engine processes, docs/video.md.
 */
export const INITIAL_OLD_SPACE_FLAG = '--initial-old-space-size=64';

/** Flags a service's own process starts with beside SERVICE_NODE_OPTIONS and its heap sizing. */
const SERVICE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  'render-worker': [INITIAL_OLD_SPACE_FLAG],
};

/**
 * A service's own V8 flags: SERVICE_FLAGS, then, for a service in SIZED_HEAPS, its heaps sized for its memory limit
 * (its setting above 0, else its cgroup's, else the default); [] for one Node sizes by itself.
 */
export function serviceHeapFlags(service: string, env: NodeJS.ProcessEnv, cgroupMb: () => number | null = cgroupMemoryLimitMb): string[] {
  const own = [...(SERVICE_FLAGS[service] ?? [])];
  const sized = SIZED_HEAPS[service];
  if (!sized) return own;
  const setting = Number(env[sized.setting] ?? 0);
  return [...own, ...heapNodeFlags(resolveMemoryLimit(Number.isFinite(setting) ? setting : 0, cgroupMb).limitMb, sized.isolates)];
}
