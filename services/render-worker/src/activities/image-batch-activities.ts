import { Context } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { renderErrorOf, type ImageBatchOutput, type RenderError } from '@rp/workflow-safe';
import { isFinal } from '@rp/db';
import type { RenderActivityDeps } from './deps';
import { loadImageJob, renderImageJob, type ImageJob } from './image-activities';
import { failRenderRow } from './render-rows';

type ItemOutcome = keyof ImageBatchOutput;

/**
 * Tries of one item inside one attempt of its batch when the renderer fails it in a way a fresh page may mend (a
 * crashed tab, a failed capture or encode). A timeout, usually the template's own doing, gets one more try only
 * (to-application-failure.ts). Counted per item, so an item that always crashes its tab is failed on its own
 * instead of spending the batch's attempts and failing the items after it.
 */
export const ITEM_TRIES = 3;
/** A crashed tab's browser is relaunched meanwhile: 0.5 s, then 1 s. */
const ITEM_RETRY_DELAY_MS = 500;
const triesFor = (code: string | null | undefined) => (code === 'render_timeout' ? 2 : ITEM_TRIES);

/**
 * The renderer's failures reach here as ApplicationFailures with the error code as their type (measureRender).
 * What is not the item's fault fails the attempt instead, and the batch is retried: Postgres or MinIO away, a bug,
 * the attempt being cancelled (worker shutdown, a lost heartbeat) or its browser pool closing.
 */
const itemFault = (err: unknown): ApplicationFailure | null =>
  err instanceof ApplicationFailure && err.type !== 'cancelled' && !Context.current().cancellationSignal.aborted ? err : null;

/** What one item goes through: the same steps as a single render (image-activities.ts); tests give their own. */
export interface ItemSteps {
  load(renderId: string): Promise<ImageJob>;
  render(item: ImageJob): Promise<unknown>;
  fail(renderId: string, error: RenderError): Promise<unknown>;
}

const itemSteps = (deps: RenderActivityDeps): ItemSteps => ({
  load: (renderId) => loadImageJob(deps, renderId),
  render: (item) => renderImageJob(deps, item),
  fail: (renderId, error) => failRenderRow(deps.db, renderId, error),
});

/**
 * One item of a batch, through the same steps as a single render. A permanent failure, or a renderer failure that
 * outlasted its tries, is recorded on the item's row and the batch goes on; anything else is thrown so Temporal
 * retries the batch, whose next attempt skips what is done.
 */
async function renderItem(steps: ItemSteps, renderId: string): Promise<ItemOutcome> {
  for (let tries = 1; ; tries++) {
    try {
      const item = await steps.load(renderId);
      // an earlier attempt of this batch finished it, or it was failed from outside: it is never rendered again
      if (isFinal(item.job.status)) return 'skipped';
      await steps.render(item);
      return 'completed';
    } catch (err) {
      const fault = itemFault(err);
      if (!fault) throw err;
      if (fault.nonRetryable || tries >= triesFor(fault.type)) {
        await steps.fail(renderId, renderErrorOf(fault.type, fault.message));
        return 'failed';
      }
      await Context.current().sleep(ITEM_RETRY_DELAY_MS * tries); // cancellation ends the wait (and the batch)
    }
  }
}

export function createImageBatchActivities(deps: RenderActivityDeps, steps: ItemSteps = itemSteps(deps)) {
  return {
    /**
     * Image collection items one after another in one activity task, for collections started under the batch
     * design (before the `collection-image-item-workflows` patch; new items are workflows of their own,
     * workflows/src/image-item-workflow.ts). The render itself heartbeats (withHeartbeat) and
     * so does every finished item, so a killed worker is noticed within the heartbeat timeout; the retry skips
     * what an earlier attempt finished, and the row lock in finishRender keeps every item complete at most once.
     */
    async renderImageBatch(collectionId: string, renderIds: string[]): Promise<ImageBatchOutput> {
      const ctx = Context.current();
      const out: ImageBatchOutput = { completed: 0, failed: 0, skipped: 0 };
      for (const [i, renderId] of renderIds.entries()) {
        if (ctx.cancellationSignal.aborted) throw new CancelledFailure(`batch of collection ${collectionId} cancelled`);
        out[await renderItem(steps, renderId)]++;
        ctx.heartbeat({ done: i + 1, of: renderIds.length });
      }
      return out;
    },
  };
}
