import type { ResourceBasedController } from '@temporalio/worker';
import { controllerTargets, workerTuner, type TunerConfig } from './worker-tuner';

const slots = { workflowTasks: 20, activities: 2, localActivities: 3 };
const config = (WORKER_TUNER: TunerConfig['WORKER_TUNER']): TunerConfig => ({ WORKER_TUNER, WORKER_TUNER_TARGET_CPU: 0.7, WORKER_TUNER_TARGET_MEMORY: 0.9 });

describe('workerTuner', () => {
  it('fixed (the default): fixed-size suppliers with exactly the slots, pollers as the SDK derives them', () => {
    const controller = jest.fn();
    const o = workerTuner(config('fixed'), slots, controller);
    expect(o.tuner).toEqual({
      workflowTaskSlotSupplier: { type: 'fixed-size', numSlots: 20 },
      activityTaskSlotSupplier: { type: 'fixed-size', numSlots: 2 },
      localActivityTaskSlotSupplier: { type: 'fixed-size', numSlots: 3 },
      nexusTaskSlotSupplier: { type: 'fixed-size', numSlots: 1 },
    });
    // min(10, slots): what the SDK gives for the same counts set through maxConcurrent*
    expect(o.workflowTaskPollerBehavior).toEqual({ type: 'simple-maximum', maximum: 10 });
    expect(o.activityTaskPollerBehavior).toEqual({ type: 'simple-maximum', maximum: 2 });
    expect(controller).not.toHaveBeenCalled();
  });

  it('resource-based: the slots become ceilings, every supplier on one shared controller', () => {
    const shared = {} as ResourceBasedController;
    const controller = jest.fn(() => shared);
    const o = workerTuner(config('resource-based'), { workflowTasks: 2, activities: 1, localActivities: 3 }, controller);
    expect(controller).toHaveBeenCalledTimes(1);
    expect(o.tuner).toEqual({
      workflowTaskSlotSupplier: { type: 'resource-based', minimumSlots: 2, maximumSlots: 2, controller: shared },
      activityTaskSlotSupplier: { type: 'resource-based', minimumSlots: 1, maximumSlots: 1, controller: shared },
      localActivityTaskSlotSupplier: { type: 'resource-based', minimumSlots: 1, maximumSlots: 3, controller: shared },
      nexusTaskSlotSupplier: { type: 'fixed-size', numSlots: 1 },
    });
  });

  it('reads the controller targets from WORKER_TUNER_TARGET_*', () => {
    expect(controllerTargets(config('resource-based'))).toEqual({ targetCpuUsage: 0.7, targetMemoryUsage: 0.9 });
  });

  it('polls for workflow tasks as given when fewer than the slots (the batch role keeps a slot free of polls)', () => {
    const o = workerTuner(config('fixed'), { workflowTasks: 6, workflowTaskPolls: 5, activities: 3, localActivities: 3 }, jest.fn());
    expect(o.tuner).toMatchObject({ workflowTaskSlotSupplier: { type: 'fixed-size', numSlots: 6 } });
    expect(o.workflowTaskPollerBehavior).toEqual({ type: 'simple-maximum', maximum: 5 });
  });
});
