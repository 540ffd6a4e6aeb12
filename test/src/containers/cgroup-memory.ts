import fs from 'node:fs';
import path from 'node:path';

/*
 * A container's memory as its cgroup counts it (what the kernel holds against the limit, page cache included), read
 * from the host: the container's PID 1 names its cgroup in /proc/<pid>/cgroup. cgroup v2 keeps the high-water mark in
 * memory.peak and OOM kills in memory.events; v1 in memory.max_usage_in_bytes and memory.oom_control. Where neither
 * high-water mark exists, or it cannot be started again at a watch's start, the peak is the largest of the samples.
 */

const CGROUP_ROOT = '/sys/fs/cgroup';

/** Which figure the peak is: a kernel high-water mark, or the largest sample of the current usage. */
export type PeakSource = 'memory.peak' | 'memory.max_usage_in_bytes' | 'sampled memory.current' | 'sampled memory.usage_in_bytes';

/** One reading of a memory cgroup's files. */
export interface CgroupMemoryReading {
  usageBytes: number;
  /** The kernel's high-water mark since the cgroup was made; null where the kernel keeps none. */
  peakBytes: number | null;
  /** Anonymous memory (the processes' heaps and stacks, without page cache). */
  anonBytes: number;
  limitBytes: number | null;
  oomKills: number;
  version: 1 | 2;
}

export interface MemoryCgroup {
  dir: string;
  version: 1 | 2;
}

/**
 * The memory cgroup a /proc/<pid>/cgroup text names: v1's memory controller when it is mounted (a hybrid host keeps
 * the memory controller there, and an empty unified hierarchy beside it), else v2's unified hierarchy.
 */
export function memoryCgroupOf(procCgroup: string, root = CGROUP_ROOT): MemoryCgroup {
  const entries = procCgroup.trim().split('\n').map((l) => {
    const [id, controllers, ...rest] = l.split(':');
    return { id, controllers: controllers!.split(','), path: rest.join(':') };
  });
  const v1 = entries.find((e) => e.controllers.includes('memory'));
  if (v1) return { dir: path.join(root, 'memory', v1.path), version: 1 };
  const v2 = entries.find((e) => e.id === '0' && e.controllers.join() === '');
  if (!v2) throw new Error(`no memory cgroup in:\n${procCgroup}`);
  return { dir: path.join(root, v2.path), version: 2 };
}

/** The memory cgroup of a host process. */
export const memoryCgroupDir = (pid: number): MemoryCgroup => memoryCgroupOf(fs.readFileSync(`/proc/${pid}/cgroup`, 'utf8'));

const readOr = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};
const keyed = (text: string | null, key: string): number => Number(new RegExp(`^${key} (\\d+)$`, 'm').exec(text ?? '')?.[1] ?? 0);
/** v1 reports "no limit" as a number near 2^63. */
const limitOf = (raw: string | null): number | null => (raw === null || raw.trim() === 'max' || Number(raw) >= 2 ** 60 ? null : Number(raw));

/** Reads a memory cgroup directory. */
export function readCgroupMemory(cg: MemoryCgroup): CgroupMemoryReading {
  const f = (name: string) => readOr(path.join(cg.dir, name));
  if (cg.version === 2) {
    const usage = f('memory.current');
    if (usage === null) throw new Error(`${cg.dir} has no memory.current`);
    const peak = f('memory.peak');
    return {
      usageBytes: Number(usage),
      peakBytes: peak === null ? null : Number(peak),
      anonBytes: keyed(f('memory.stat'), 'anon'),
      limitBytes: limitOf(f('memory.max')),
      oomKills: keyed(f('memory.events'), 'oom_kill'),
      version: 2,
    };
  }
  const usage = f('memory.usage_in_bytes');
  if (usage === null) throw new Error(`${cg.dir} has no memory.usage_in_bytes`);
  const peak = f('memory.max_usage_in_bytes');
  return {
    usageBytes: Number(usage),
    peakBytes: peak === null ? null : Number(peak),
    anonBytes: keyed(f('memory.stat'), 'rss'),
    limitBytes: limitOf(f('memory.limit_in_bytes')),
    // oom_control's oom_kill line: Linux 4.13 and later
    oomKills: keyed(f('memory.oom_control'), 'oom_kill'),
    version: 1,
  };
}

/**
 * Starts the cgroup's high-water mark again from its current usage, so that it measures from now: v1's
 * memory.max_usage_in_bytes takes a write of 0. v2's memory.peak resets only for the file descriptor that wrote it;
 * false there (and wherever the write is refused): the kernel's peak then covers the cgroup's whole life.
 */
export function resetPeak(cg: MemoryCgroup): boolean {
  if (cg.version === 2) return false;
  try {
    fs.writeFileSync(path.join(cg.dir, 'memory.max_usage_in_bytes'), '0');
    return true;
  } catch {
    return false;
  }
}

/** What a watch saw over its whole span. */
export interface MemorySummary {
  /** The usage at the first reading (the service idle, when a watch starts before the load). */
  firstUsageBytes: number;
  peakBytes: number;
  peakSource: PeakSource;
  /** The largest anonymous memory sampled (heaps without page cache), for telling the two apart. */
  anonPeakBytes: number;
  limitBytes: number | null;
  oomKills: number;
  samples: number;
}

/**
 * Accumulates readings of one container's cgroup across its restarts: a restarted container gets a fresh cgroup whose
 * counters start again, so OOM kills add up and the peak is the largest any of its cgroups reached.
 */
export class MemoryTally {
  private first: number | null = null;
  private peak = 0;
  private sampledPeak = 0;
  private anonPeak = 0;
  private kernelPeak = true;
  private oomCarried = 0;
  private lastOom = 0;
  private limit: number | null = null;
  private version: 1 | 2 = 2;
  private samples = 0;

  add(r: CgroupMemoryReading): void {
    this.samples++;
    this.first ??= r.usageBytes;
    this.version = r.version;
    this.limit = r.limitBytes;
    this.sampledPeak = Math.max(this.sampledPeak, r.usageBytes);
    this.anonPeak = Math.max(this.anonPeak, r.anonBytes);
    if (r.peakBytes === null) this.kernelPeak = false;
    else this.peak = Math.max(this.peak, r.peakBytes);
    if (r.oomKills < this.lastOom) this.oomCarried += this.lastOom; // a new cgroup: its count starts at 0
    this.lastOom = r.oomKills;
  }

  summary(): MemorySummary {
    if (this.samples === 0) throw new Error('no reading of the cgroup was taken');
    const kernel = this.kernelPeak;
    return {
      firstUsageBytes: this.first!,
      peakBytes: kernel ? Math.max(this.peak, this.sampledPeak) : this.sampledPeak,
      peakSource: kernel
        ? this.version === 2 ? 'memory.peak' : 'memory.max_usage_in_bytes'
        : this.version === 2 ? 'sampled memory.current' : 'sampled memory.usage_in_bytes',
      anonPeakBytes: this.anonPeak,
      limitBytes: this.limit,
      oomKills: this.oomCarried + this.lastOom,
      samples: this.samples,
    };
  }
}
