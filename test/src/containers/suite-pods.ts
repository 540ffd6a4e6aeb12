import fs from 'node:fs';
import path from 'node:path';
import type { stackInfo } from '../index';
import { PodContainer, SERVICES, renderForStack, type Service } from './podman';

/**
 * The services' containers for one suite, as the chart runs them: started before its tests (from the chart rendered
 * for the stack, with `overrides` as Helm values), and removed after them, each one's log kept in the stack's logs
 * directory as `<name>-<service>.log` whatever happened.
 */
export function suitePods(
  info: ReturnType<typeof stackInfo>,
  name: string,
  opts: { services?: readonly Service[]; overrides?: object } = {},
): Partial<Record<Service, PodContainer>> {
  const services = opts.services ?? SERVICES;
  const pods: Partial<Record<Service, PodContainer>> = {};
  beforeAll(async () => {
    const objs = renderForStack(info, opts.overrides);
    for (const svc of services) pods[svc] = await PodContainer.start(objs, svc, `rp-${name}-${info.ports.api}`);
  }, 300_000);
  afterAll(async () => {
    for (const svc of services) {
      if (!pods[svc]) continue;
      fs.writeFileSync(path.join(info.logsDir, `${name}-${svc}.log`), await pods[svc].logs());
      pods[svc].remove();
    }
  });
  return pods;
}
