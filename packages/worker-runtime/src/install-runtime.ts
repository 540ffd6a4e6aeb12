import pino, { type Logger } from 'pino';
import { DefaultLogger, Runtime, makeTelemetryFilterString, type LogLevel } from '@temporalio/worker';
import type { WorkerConfig } from '@rp/config';

const PINO_LEVEL: Record<LogLevel, pino.Level> = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' };

/**
 * The process-wide Temporal runtime of a worker: SDK and core logs go through pino (one JSON stream), the
 * core's Prometheus metrics are served on TEMPORAL_METRICS_PORT (0 = off), and signals are left to runWorker.
 */
export function installRuntime(service: string, config: WorkerConfig): { logger: Logger; sdkLogger: DefaultLogger } {
  const logger = pino({ level: config.LOG_LEVEL, base: { service } });
  const sdkLogger = new DefaultLogger('WARN', (e) => logger[PINO_LEVEL[e.level]]({ ...e.meta, sdk: true }, e.message));
  const metricsPort = config.TEMPORAL_METRICS_PORT;
  Runtime.install({
    logger: sdkLogger,
    shutdownSignals: [],
    telemetryOptions: {
      logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} },
      ...(metricsPort ? { metrics: { prometheus: { bindAddress: `0.0.0.0:${metricsPort}` } } } : {}),
    },
  });
  return { logger, sdkLogger };
}
