import type { Logger } from 'pino';
import type { RenderGate } from './activities/create-render-gate';
import type { ReadyMessage, SinglesMessage } from './batch-process';

/**
 * The batch child's side of its IPC channel: the parent's single renders in flight feed the child's render gate,
 * and the child dies with its parent - the channel closes when the parent exits, even on SIGKILL, so no batch
 * process outlives the worker that started it. Without a channel (a batch-role process started on its own) the
 * child runs standalone and only its own gate counts.
 */
export function attachToParent(o: { gate: RenderGate; logger: Logger; onParentGone: () => void }): { ready(): void } {
  if (!process.send) {
    o.logger.info('batch role without a parent: collection items only, no parent to hear single renders from');
    return { ready: () => undefined };
  }
  process.on('message', (msg: SinglesMessage) => {
    if (msg?.type === 'singles') o.gate.setRemoteSingles(msg.count);
  });
  process.once('disconnect', () => {
    o.logger.warn('parent render worker gone: batch process exiting');
    o.onParentGone();
  });
  return {
    ready: () => {
      const msg: ReadyMessage = { type: 'ready' };
      process.send?.(msg, undefined, {}, () => undefined);
    },
  };
}
