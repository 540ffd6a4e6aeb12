import os from 'node:os';
import { measureWebhookThroughput, type WebhookThroughput } from '../webhooks/measure-webhook-throughput';
import { startCpuMeter, type CpuReport } from './cpu-accounting';
import { processRoots } from './stack-probe';

/** Deliveries per second over `events` x 10 webhooks on the bench stack (the durability settings of npm start). */
export async function webhookThroughput(events: number): Promise<WebhookThroughput & { cpu: CpuReport }> {
  const meter = startCpuMeter(await processRoots(), os.cpus().length);
  let cpu: CpuReport | null = null;
  try {
    const run = await measureWebhookThroughput(events, 10, 300_000);
    cpu = meter.stop();
    await run.receiver.close();
    return { ...run.result, cpu };
  } finally {
    if (!cpu) meter.stop();
  }
}
