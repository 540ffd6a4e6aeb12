import { CACHED_WORKFLOW_KB, RESERVED_MB, cgroupMemoryLimitMb, workflowCacheSizing } from './memory-budget';

const files = (map: Record<string, string>) => (f: string) => {
  if (!(f in map)) throw new Error(`ENOENT ${f}`);
  return map[f]!;
};

describe('cgroupMemoryLimitMb', () => {
  it('reads cgroup v2, then v1, in MiB', () => {
    expect(cgroupMemoryLimitMb(files({ '/sys/fs/cgroup/memory.max': '536870912\n' }))).toBe(512);
    expect(cgroupMemoryLimitMb(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '268435456' }))).toBe(256);
  });
  it('no limit: "max", v1\'s huge number, or no cgroup files', () => {
    expect(cgroupMemoryLimitMb(files({ '/sys/fs/cgroup/memory.max': 'max' }))).toBeNull();
    expect(cgroupMemoryLimitMb(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712' }))).toBeNull();
    expect(cgroupMemoryLimitMb(files({}))).toBeNull();
  });
});

describe('workflowCacheSizing', () => {
  const per512 = Math.floor(((512 - RESERVED_MB) * 1024) / CACHED_WORKFLOW_KB);
  it('derives the cache from the container limit', () => {
    expect(workflowCacheSizing({ limitMb: 0, explicit: 0, workflowTaskSlots: 25 }, () => 512)).toEqual({
      limitMb: 512,
      source: 'cgroup',
      maxCachedWorkflows: per512,
    });
    // twice the memory, more than twice the cache: the reserve is fixed
    expect(workflowCacheSizing({ limitMb: 1024, explicit: 0, workflowTaskSlots: 25 }, () => 512).maxCachedWorkflows).toBeGreaterThan(2 * per512);
  });
  it('WEBHOOK_MEMORY_LIMIT_MB wins over the cgroup; no limit at all sizes as for 512 MiB', () => {
    expect(workflowCacheSizing({ limitMb: 2048, explicit: 0, workflowTaskSlots: 25 }, () => 512)).toMatchObject({ limitMb: 2048, source: 'WEBHOOK_MEMORY_LIMIT_MB' });
    expect(workflowCacheSizing({ limitMb: 0, explicit: 0, workflowTaskSlots: 25 }, () => null)).toEqual({ limitMb: 512, source: 'default', maxCachedWorkflows: per512 });
  });
  it('an explicit size wins; never fewer than the workflow task slots', () => {
    expect(workflowCacheSizing({ limitMb: 512, explicit: 50, workflowTaskSlots: 25 }).maxCachedWorkflows).toBe(50);
    expect(workflowCacheSizing({ limitMb: 512, explicit: 10, workflowTaskSlots: 25 }).maxCachedWorkflows).toBe(25);
    expect(workflowCacheSizing({ limitMb: 256, explicit: 0, workflowTaskSlots: 40 }).maxCachedWorkflows).toBe(40);
  });
});
