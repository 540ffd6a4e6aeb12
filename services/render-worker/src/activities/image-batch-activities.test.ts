import { MockActivityEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/common';
import type { RenderError } from '@rp/workflow-safe';
import type { RenderActivityDeps } from './deps';
import type { ImageJob } from './image-activities';
import { createImageBatchActivities, ITEM_TRIES, type ItemSteps } from './image-batch-activities';

/** Items whose render throws what `faults` says (every time it is tried); the rest complete. */
function fakeSteps(faults: Record<string, () => Error>) {
  const tries: Record<string, number> = {};
  const failed: Record<string, RenderError> = {};
  const steps: ItemSteps = {
    load: async (id) => ({ job: { id, status: 'pending' } }) as unknown as ImageJob,
    render: async ({ job }) => {
      tries[job.id] = (tries[job.id] ?? 0) + 1;
      const fault = faults[job.id];
      if (fault) throw fault();
    },
    fail: async (id, error) => (failed[id] = error),
  };
  return { steps, tries, failed };
}

const runBatch = (steps: ItemSteps, ids: string[]) =>
  new MockActivityEnvironment({ attempt: 1 }).run(createImageBatchActivities({} as RenderActivityDeps, steps).renderImageBatch, 'c1', ids);

describe('renderImageBatch', () => {
  test('an item the renderer keeps failing is failed on its own after its tries; the items after it still render', async () => {
    const { steps, tries, failed } = fakeSteps({ b: () => ApplicationFailure.retryable('page crashed: boom', 'browser_crashed') });
    await expect(runBatch(steps, ['a', 'b', 'c'])).resolves.toEqual({ completed: 2, failed: 1, skipped: 0 });
    expect(tries).toEqual({ a: 1, b: ITEM_TRIES, c: 1 });
    expect(failed).toEqual({ b: { code: 'browser_crashed', message: 'page crashed: boom' } });
  });

  test('a template timeout gets one more try, a permanent failure none', async () => {
    const { steps, tries, failed } = fakeSteps({
      slow: () => ApplicationFailure.retryable('took longer than 15000 ms', 'render_timeout'),
      bad: () => ApplicationFailure.nonRetryable('blocked', 'ssrf_blocked'),
    });
    await expect(runBatch(steps, ['slow', 'bad', 'ok'])).resolves.toEqual({ completed: 1, failed: 2, skipped: 0 });
    expect(tries).toEqual({ slow: 2, bad: 1, ok: 1 });
    expect(Object.keys(failed).sort()).toEqual(['bad', 'slow']);
  });

  test('what is not the item\'s fault (Postgres away, a closed pool) fails the attempt and records nothing', async () => {
    for (const fault of [() => new Error('connect ECONNREFUSED'), () => ApplicationFailure.retryable('browser pool is closed', 'cancelled')]) {
      const { steps, tries, failed } = fakeSteps({ b: fault });
      await expect(runBatch(steps, ['a', 'b', 'c'])).rejects.toThrow();
      expect(tries).toEqual({ a: 1, b: 1 });
      expect(failed).toEqual({});
    }
  });
});
