/**
 * How the supervisor restarts a service that crashed, as Kubernetes restarts a pod's container (CrashLoopBackOff):
 * after a delay that doubles with each crash in a row up to a ceiling, the count starting again once a run lasted
 * long enough. Only crashes count: a process stopped or killed through the supervisor stays down.
 */
export interface RestartPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** A run at least this long was healthy: the crash after it is the first of a new streak. */
  resetAfterMs: number;
}

/** Shorter than a kubelet's (10 s doubling to 5 min, reset after 10 min): a local stack and its tests wait on it. */
export const SERVICE_RESTART_POLICY: RestartPolicy = { firstDelayMs: 1_000, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/** The crashes in a row so far (0: none), and how long the run that just crashed lasted. */
export interface CrashHistory {
  streak: number;
  ranForMs: number;
}

/** Pure: the streak counting this crash, and how long to wait before starting the service again. */
export function nextRestart(policy: RestartPolicy, h: CrashHistory): { streak: number; delayMs: number } {
  const streak = h.ranForMs >= policy.resetAfterMs ? 1 : h.streak + 1;
  const delayMs = Math.min(policy.firstDelayMs * 2 ** Math.min(streak - 1, 30), policy.maxDelayMs);
  return { streak, delayMs };
}
