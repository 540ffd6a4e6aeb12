import { SERVICE_RESTART_POLICY, nextRestart, type RestartPolicy } from './restart-policy';

const policy: RestartPolicy = { firstDelayMs: 1_000, maxDelayMs: 8_000, resetAfterMs: 60_000 };

describe('nextRestart', () => {
  it('doubles the delay with each crash in a row, up to the ceiling', () => {
    const delays: number[] = [];
    let streak = 0;
    for (let i = 0; i < 6; i++) {
      const next = nextRestart(policy, { streak, ranForMs: 500 });
      expect(next.streak).toBe(streak + 1);
      streak = next.streak;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it('starts a new streak after a run that lasted the reset time, and not after a shorter one', () => {
    expect(nextRestart(policy, { streak: 5, ranForMs: 60_000 })).toEqual({ streak: 1, delayMs: 1_000 });
    expect(nextRestart(policy, { streak: 5, ranForMs: 59_999 })).toEqual({ streak: 6, delayMs: 8_000 });
  });

  it('stays at the ceiling however long the streak', () => {
    expect(nextRestart(policy, { streak: 10_000, ranForMs: 0 }).delayMs).toBe(8_000);
  });

  it("the stack's policy restarts within a second first and never waits past its ceiling", () => {
    expect(nextRestart(SERVICE_RESTART_POLICY, { streak: 0, ranForMs: 0 }).delayMs).toBe(SERVICE_RESTART_POLICY.firstDelayMs);
    expect(nextRestart(SERVICE_RESTART_POLICY, { streak: 99, ranForMs: 0 }).delayMs).toBe(SERVICE_RESTART_POLICY.maxDelayMs);
    expect(SERVICE_RESTART_POLICY.firstDelayMs).toBeLessThanOrEqual(SERVICE_RESTART_POLICY.maxDelayMs);
  });
});
