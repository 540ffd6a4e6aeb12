import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { RenderGate } from './activities/create-render-gate';
import type { FromBatchChild, MetricsRequest, SinglesMessage } from './batch-process';

/**
 * The batch child's side of its IPC channel: the parent's single renders in flight feed the child's render gate,
 * and the child dies with its parent - the channel closes when the parent exits, even on SIGKILL, so no batch
 * process outlives the worker that started it. Without a channel (a batch-role process started on its own) the
 * child runs standalone and only its own gate counts. The child has no port: its metrics reach the parent's
 * /metrics over the channel.
 */
export function attachToParent(o: { gate: RenderGate; registry: Registry; logger: Logger; onParentGone: () => void }): { ready(): void } {
  if (!process.send) {
    o.logger.info('batch role without a parent: collection items only, no parent to hear single renders from');
    return { ready: () => undefined };
  }
  const tell = (msg: FromBatchChild) => process.send?.(msg, undefined, {}, () => undefined);
  process.on('message', (msg: SinglesMessage | MetricsRequest) => {
    if (msg?.type === 'singles') o.gate.setRemoteSingles(msg.count);
    if (msg?.type === 'metrics') void o.registry.getMetricsAsJSON().then((metrics) => tell({ type: 'metrics', id: msg.id, metrics }));
  });
  const parentGone = () => {
    o.logger.warn('parent render worker gone: batch process exiting');
    o.onParentGone();
  };
  process.once('disconnect', parentGone);
  // a parent that died while this process was still starting closed the channel before anyone listened
  if (!process.connected) parentGone();
  return { ready: () => tell({ type: 'ready' }) };
}
