import { readStackInfo, stackControl, type StackInfo } from '@rp/stack';

/** Coordinates of the running test stack (the supervisor writes them to $STACK_FILE). */
export const stackInfo = (): StackInfo => readStackInfo();
export type { StackInfo };
export { stackControl } from '@rp/stack';

export const isQuick = () => process.env.TEST_PROFILE === 'quick';
export { temporalMetricsPort } from '@rp/stack';

/**
 * The running instances of one service (`render-worker`, `render-worker-2`, ...): one in the test profile, one per
 * replica in the cluster profile. A suite that kills "the" worker kills all of them, or the work it means to
 * interrupt may sit on a replica it did not touch.
 */
export async function serviceInstances(kind: 'api' | 'render-worker' | 'webhook-worker'): Promise<string[]> {
  const pattern = new RegExp(`^${kind}(-\\d+)?$`);
  return (await stackControl.status()).processes.filter((p) => pattern.test(p.name) && p.running).map((p) => p.name);
}

/** kill -9 every instance of a service, then start them again (each resolves once ready). */
export async function killAndRestartAll(kind: 'api' | 'render-worker' | 'webhook-worker', pauseMs = 0): Promise<string[]> {
  const names = await serviceInstances(kind);
  for (const n of names) await stackControl.kill(n, 'SIGKILL');
  if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
  for (const n of names) await stackControl.start(n);
  return names;
}

/** The /metrics URL of every instance of a worker (its health server serves them beside /healthz). */
export const workerMetricsUrls = (kind: 'render-worker' | 'webhook-worker'): string[] =>
  Object.entries(stackInfo().healthUrls)
    .filter(([name]) => new RegExp(`^${kind}(-\\d+)?$`).test(name))
    .map(([, url]) => url.replace('/healthz', '/metrics'));
