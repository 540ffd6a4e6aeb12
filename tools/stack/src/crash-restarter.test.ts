import { CrashRestarter } from './crash-restarter';

const policy = { firstDelayMs: 1_000, maxDelayMs: 4_000, resetAfterMs: 60_000 };

describe('CrashRestarter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('restarts a crashed process after the backoff, longer with each crash in a row', async () => {
    const logs: string[] = [];
    const r = new CrashRestarter(policy, (m) => logs.push(m));
    const restarts: number[] = [];
    const restart = async () => void restarts.push(Date.now());
    const t0 = Date.now();
    expect(r.crashed('webhook-worker-2', 100, restart)).toBe(1_000);
    await jest.advanceTimersByTimeAsync(999);
    expect(restarts).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(restarts).toEqual([t0 + 1_000]);
    expect(r.crashed('webhook-worker-2', 100, restart)).toBe(2_000);
    expect(r.crashed('webhook-worker-2', 100, restart)).toBe(4_000); // replaces the pending one
    await jest.advanceTimersByTimeAsync(10_000);
    expect(restarts).toHaveLength(2);
    expect(r.crashes('webhook-worker-2')).toBe(3);
    expect(r.crashes('api')).toBe(0);
    expect(logs[0]).toBe('restarting webhook-worker-2 in 1000 ms (crash 1 in a row)');
  });

  it('a deliberate stop cancels the pending restart; shutting down cancels all', async () => {
    const r = new CrashRestarter(policy, () => undefined);
    const restarted: string[] = [];
    r.crashed('api', 0, async () => void restarted.push('api'));
    r.crashed('render-worker', 0, async () => void restarted.push('render-worker'));
    r.crashed('webhook-worker', 0, async () => void restarted.push('webhook-worker'));
    r.cancel('api');
    await jest.advanceTimersByTimeAsync(500);
    r.cancelAll();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(restarted).toEqual([]);
  });

  it('a restart that fails is logged, and a crash after a long healthy run starts the backoff over', async () => {
    const logs: string[] = [];
    const r = new CrashRestarter(policy, (m) => logs.push(m));
    r.crashed('api', 0, () => Promise.reject(new Error('port in use')));
    await jest.advanceTimersByTimeAsync(1_000);
    expect(logs).toContain('restarting api failed: port in use');
    expect(r.crashed('api', 0, async () => undefined)).toBe(2_000);
    expect(r.crashed('api', 60_000, async () => undefined)).toBe(1_000);
  });
});
