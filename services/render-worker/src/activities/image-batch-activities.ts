import { Context } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { renderErrorOf, type ImageBatchOutput } from '@rp/common';
import { isFinal } from '@rp/db';
import type { RenderActivityDeps } from './deps';
import { loadImageJob, renderImageJob } from './image-activities';
import { failRenderRow } from './render-rows';

type ItemOutcome = keyof ImageBatchOutput;

/** A failure another attempt cannot mend (bad template, blocked image): it belongs to the item, not to the batch. */
const isPermanent = (err: unknown): err is ApplicationFailure => err instanceof ApplicationFailure && err.nonRetryable === true;

/**
 * One item of a batch, through the same steps as a single render. A permanent failure is recorded on the item's row
 * and the batch goes on; anything else (a crashed browser, Postgres away) is thrown so Temporal retries the batch.
 */
async function renderItem(deps: RenderActivityDeps, renderId: string): Promise<ItemOutcome> {
  try {
    const item = await loadImageJob(deps, renderId);
    // an earlier attempt of this batch finished it, or it was failed from outside: it is never rendered again
    if (isFinal(item.job.status)) return 'skipped';
    await renderImageJob(deps, item);
    return 'completed';
  } catch (err) {
    if (!isPermanent(err)) throw err;
    await failRenderRow(deps.db, renderId, renderErrorOf(err.type, err.message));
    return 'failed';
  }
}

export function createImageBatchActivities(deps: RenderActivityDeps) {
  return {
    /**
     * Image collection items one after another in one activity task: a child workflow plus an activity per item
     * cost Temporal more than the item's render (bench/README). The render itself heartbeats (withHeartbeat) and
     * so does every finished item, so a killed worker is noticed within the heartbeat timeout; the retry skips
     * what an earlier attempt finished, and the row lock in finishRender keeps every item complete at most once.
     */
    async renderImageBatch(collectionId: string, renderIds: string[]): Promise<ImageBatchOutput> {
      const ctx = Context.current();
      const out: ImageBatchOutput = { completed: 0, failed: 0, skipped: 0 };
      for (const [i, renderId] of renderIds.entries()) {
        if (ctx.cancellationSignal.aborted) throw new CancelledFailure(`batch of collection ${collectionId} cancelled`);
        out[await renderItem(deps, renderId)]++;
        ctx.heartbeat({ done: i + 1, of: renderIds.length });
      }
      return out;
    },
  };
}
