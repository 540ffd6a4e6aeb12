import os from 'node:os';
import { deliveriesWithoutWorkflow, measureWebhookThroughput, type WebhookThroughput } from '../webhooks/measure-webhook-throughput';
import { startCpuMeter, type CpuReport } from './cpu-accounting';
import { processRoots } from './stack-probe';

/**
 * Deliveries per second over `events` x 10 webhooks on the bench stack (the durability settings of npm start), the
 * CPU per component, and how many deliveries have no workflow listed by Temporal's visibility (0 is right).
 */
export async function webhookThroughput(
  events: number,
): Promise<WebhookThroughput & { cpu: CpuReport; cpu_ms_per_delivery: Record<string, number>; deliveries_without_workflow: number }> {
  const meter = startCpuMeter(await processRoots(), os.cpus().length);
  let cpu: CpuReport | null = null;
  try {
    const run = await measureWebhookThroughput(events, 10, 300_000);
    cpu = meter.stop();
    await run.receiver.close();
    const perDelivery = Object.fromEntries(Object.entries(cpu.cpu_s).map(([k, v]) => [k, Math.round((v / run.result.deliveries) * 1e5) / 100]));
    return { ...run.result, cpu, cpu_ms_per_delivery: perDelivery, deliveries_without_workflow: (await deliveriesWithoutWorkflow(run.orgId)).length };
  } finally {
    if (!cpu) meter.stop();
  }
}
