import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MemoryTally, memoryCgroupOf, readCgroupMemory, resetPeak, type CgroupMemoryReading } from './cgroup-memory';

// How the container tier reads a container's memory from its cgroup files, on files written here.
const MiB = 2 ** 20;

function cgroupDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-cgroup-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('cgroup memory of a container', () => {
  test('finds the memory cgroup: v1 controller on a hybrid host, else the unified hierarchy', () => {
    const hybrid = '9:name=systemd:/libpod_parent/libpod-abc\n4:memory:/libpod_parent/libpod-abc\n1:cpu:/libpod_parent/libpod-abc\n0::/';
    expect(memoryCgroupOf(hybrid, '/cg')).toEqual({ dir: '/cg/memory/libpod_parent/libpod-abc', version: 1 });
    expect(memoryCgroupOf('0::/machine.slice/libpod-abc.scope/container', '/cg')).toEqual({ dir: '/cg/machine.slice/libpod-abc.scope/container', version: 2 });
    expect(() => memoryCgroupOf('1:cpu:/x', '/cg')).toThrow(/no memory cgroup/);
  });

  test('v2: memory.peak is the peak, OOM kills from memory.events, anon from memory.stat', () => {
    const dir = cgroupDir({
      'memory.current': `${300 * MiB}\n`,
      'memory.peak': `${400 * MiB}\n`,
      'memory.max': `${512 * MiB}\n`,
      'memory.events': 'low 0\nhigh 0\nmax 12\noom 2\noom_kill 1\n',
      'memory.stat': `anon ${250 * MiB}\nfile ${40 * MiB}\nanon_thp 0\n`,
    });
    expect(readCgroupMemory({ dir, version: 2 })).toEqual({
      usageBytes: 300 * MiB, peakBytes: 400 * MiB, anonBytes: 250 * MiB, limitBytes: 512 * MiB, oomKills: 1, version: 2,
    });
    fs.rmSync(path.join(dir, 'memory.peak'));
    fs.writeFileSync(path.join(dir, 'memory.max'), 'max\n');
    expect(readCgroupMemory({ dir, version: 2 })).toMatchObject({ peakBytes: null, limitBytes: null });
  });

  test('v1: memory.max_usage_in_bytes is the peak, OOM kills from memory.oom_control, anon is rss', () => {
    const dir = cgroupDir({
      'memory.usage_in_bytes': `${300 * MiB}\n`,
      'memory.max_usage_in_bytes': `${450 * MiB}\n`,
      'memory.limit_in_bytes': '9223372036854771712\n',
      'memory.oom_control': 'oom_kill_disable 0\nunder_oom 0\noom_kill 3\n',
      'memory.stat': `cache ${40 * MiB}\nrss ${260 * MiB}\nrss_huge 0\ntotal_rss ${260 * MiB}\n`,
    });
    expect(readCgroupMemory({ dir, version: 1 })).toEqual({
      usageBytes: 300 * MiB, peakBytes: 450 * MiB, anonBytes: 260 * MiB, limitBytes: null, oomKills: 3, version: 1,
    });
  });

  test("a watch starts v1's high-water mark again by writing 0; v2's cannot be, for another reader", () => {
    const dir = cgroupDir({ 'memory.max_usage_in_bytes': `${450 * MiB}\n` });
    expect(resetPeak({ dir, version: 1 })).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'memory.max_usage_in_bytes'), 'utf8')).toBe('0');
    expect(resetPeak({ dir, version: 2 })).toBe(false);
    expect(resetPeak({ dir: path.join(dir, 'gone'), version: 1 })).toBe(false);
  });

  const reading = (r: Partial<CgroupMemoryReading>): CgroupMemoryReading => ({
    usageBytes: 0, peakBytes: null, anonBytes: 0, limitBytes: 512 * MiB, oomKills: 0, version: 2, ...r,
  });

  test("a tally keeps the kernel's peak and adds up OOM kills across a restart's fresh cgroup", () => {
    const t = new MemoryTally();
    t.add(reading({ usageBytes: 100, peakBytes: 300, anonBytes: 90, oomKills: 0 }));
    t.add(reading({ usageBytes: 500, peakBytes: 510, anonBytes: 480, oomKills: 1 }));
    t.add(reading({ usageBytes: 50, peakBytes: 60, anonBytes: 40, oomKills: 0 })); // restarted: counters start again
    t.add(reading({ usageBytes: 70, peakBytes: 80, anonBytes: 60, oomKills: 1 }));
    expect(t.summary()).toEqual({ firstUsageBytes: 100, peakBytes: 510, peakSource: 'memory.peak', anonPeakBytes: 480, limitBytes: 512 * MiB, oomKills: 2, samples: 4 });
  });

  test('without a kernel peak the tally says its peak is the largest sample', () => {
    const t = new MemoryTally();
    t.add(reading({ usageBytes: 100 }));
    t.add(reading({ usageBytes: 300 }));
    expect(t.summary()).toMatchObject({ peakBytes: 300, peakSource: 'sampled memory.current' });
    const v1 = new MemoryTally();
    v1.add(reading({ usageBytes: 100, version: 1 }));
    expect(v1.summary()).toMatchObject({ peakSource: 'sampled memory.usage_in_bytes' });
    expect(() => new MemoryTally().summary()).toThrow(/no reading/);
  });
});
