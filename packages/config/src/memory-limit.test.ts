import { DEFAULT_MEMORY_LIMIT_MB, cgroupMemoryLimitMb, resolveMemoryLimit } from './memory-limit';

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

describe('resolveMemoryLimit', () => {
  it('a setting above 0 wins, then the cgroup, then the default', () => {
    expect(resolveMemoryLimit(2048, () => 512)).toEqual({ limitMb: 2048, source: 'setting' });
    expect(resolveMemoryLimit(0, () => 1024)).toEqual({ limitMb: 1024, source: 'cgroup' });
    expect(resolveMemoryLimit(0, () => null)).toEqual({ limitMb: DEFAULT_MEMORY_LIMIT_MB, source: 'default' });
  });
});
