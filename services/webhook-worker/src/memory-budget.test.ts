import { CACHED_WORKFLOW_KB, RESERVED_MB, SLOT_KB, workerBudget } from './memory-budget';

describe('workerBudget', () => {
  const free512Kb = (512 - RESERVED_MB) * 1024;

  it("derives the cache from the container limit after the reserve and the concurrency's memory", () => {
    expect(workerBudget({ limitMb: 0, concurrency: 50, explicitCache: 0 }, () => 512)).toEqual({
      limitMb: 512,
      source: 'cgroup',
      concurrency: 50,
      startsInFlight: 50,
      maxCachedWorkflows: Math.floor((free512Kb - 50 * SLOT_KB) / CACHED_WORKFLOW_KB),
    });
    // twice the memory, more than twice the cache: the reserve is fixed
    const double = workerBudget({ limitMb: 1024, concurrency: 50, explicitCache: 0 }, () => 512).maxCachedWorkflows;
    expect(double).toBeGreaterThan(2 * workerBudget({ limitMb: 512, concurrency: 50, explicitCache: 0 }).maxCachedWorkflows);
  });

  it('a limit too small for WEBHOOK_CONCURRENCY lowers the concurrency and the starts in flight to what half the free memory holds', () => {
    const b = workerBudget({ limitMb: 384, concurrency: 50, explicitCache: 0 });
    const held = Math.floor(((384 - RESERVED_MB) * 1024) / 2 / SLOT_KB);
    expect(held).toBeLessThan(50);
    expect(b).toMatchObject({ concurrency: held, startsInFlight: held });
    // a large limit never raises it above the setting
    expect(workerBudget({ limitMb: 8192, concurrency: 50, explicitCache: 0 }).concurrency).toBe(50);
    // nor below the two workflow task slots Temporal needs
    expect(workerBudget({ limitMb: 256, concurrency: 50, explicitCache: 0 })).toMatchObject({ concurrency: 2, maxCachedWorkflows: 2 });
  });

  it('WEBHOOK_MEMORY_LIMIT_MB wins over the cgroup; no limit at all sizes as for 512 MiB', () => {
    expect(workerBudget({ limitMb: 2048, concurrency: 50, explicitCache: 0 }, () => 512)).toMatchObject({ limitMb: 2048, source: 'WEBHOOK_MEMORY_LIMIT_MB' });
    expect(workerBudget({ limitMb: 0, concurrency: 50, explicitCache: 0 }, () => null)).toMatchObject({ limitMb: 512, source: 'default' });
  });

  it('an explicit cache size wins; never fewer than the workflow task slots', () => {
    expect(workerBudget({ limitMb: 512, concurrency: 25, explicitCache: 60 }).maxCachedWorkflows).toBe(60);
    expect(workerBudget({ limitMb: 512, concurrency: 25, explicitCache: 10 }).maxCachedWorkflows).toBe(25);
  });
});
