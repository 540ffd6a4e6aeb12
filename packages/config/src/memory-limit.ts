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

/** Without a limit (a process on a host, `npm start`), a service sizes itself as for the chart's 512 MiB. */
export const DEFAULT_MEMORY_LIMIT_MB = 512;

export interface MemoryLimit {
  limitMb: number;
  /** Where it came from: a setting (> 0), the container's cgroup, or the default. */
  source: 'setting' | 'cgroup' | 'default';
}

/** The memory a service sizes itself for: a setting when it is > 0, else its container's limit, else the default. */
export function resolveMemoryLimit(settingMb: number, cgroupMb: () => number | null = cgroupMemoryLimitMb): MemoryLimit {
  if (settingMb > 0) return { limitMb: settingMb, source: 'setting' };
  const cgroup = cgroupMb();
  return cgroup !== null ? { limitMb: cgroup, source: 'cgroup' } : { limitMb: DEFAULT_MEMORY_LIMIT_MB, source: 'default' };
}
