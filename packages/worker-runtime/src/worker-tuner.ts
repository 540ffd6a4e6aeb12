import type { ResourceBasedController, ResourceBasedSlotsForType, WorkerOptions } from '@temporalio/worker';

/**
 * A worker's slots per task type: what the fixed tuner hands out, and the resource-based tuner's ceiling (a render
 * needs a warm page, so no tuner may hand out more render slots than the pool has pages).
 */
export interface WorkerSlots {
  workflowTasks: number;
  activities: number;
  localActivities: number;
  /** Workflow task pollers, when not as many as the slots allow (the batch role keeps one slot free of polls). */
  workflowTaskPolls?: number;
}

/** WORKER_TUNER* (workerEnv in @rp/config). */
export interface TunerConfig {
  WORKER_TUNER: 'fixed' | 'resource-based';
  WORKER_TUNER_TARGET_CPU: number;
  WORKER_TUNER_TARGET_MEMORY: number;
}

export type TunerOptions = Pick<WorkerOptions, 'tuner' | 'workflowTaskPollerBehavior' | 'activityTaskPollerBehavior'>;

/** No worker here serves Nexus operations: one slot keeps its supplier valid and idle. */
const NEXUS_SLOTS = 1;
/** The SDK's own poller cap when it derives the tuner from maxConcurrent* options. */
const MAX_POLLERS = 10;

/**
 * The Temporal worker tuner for one Worker. `fixed` (default): fixed-size slot suppliers with exactly `slots`, and
 * as many pollers as the SDK gives the same counts set through maxConcurrent* (at most 10, never more than the
 * slots), so the default behaves as the SDK's own maxConcurrent* defaults do. `resource-based`: the SDK's resource-based
 * suppliers, one controller per process (`controller()`, shared by the process's Workers so they hold one target
 * together), from one slot (two for workflow tasks, the SDK's minimum) up to `slots`.
 */
export function workerTuner(config: TunerConfig, slots: WorkerSlots, controller: () => ResourceBasedController): TunerOptions {
  const pollers = (n: number) => ({ type: 'simple-maximum' as const, maximum: Math.min(MAX_POLLERS, n) });
  const fixed = (numSlots: number) => ({ type: 'fixed-size' as const, numSlots });
  if (config.WORKER_TUNER === 'fixed') {
    return {
      tuner: {
        workflowTaskSlotSupplier: fixed(slots.workflowTasks),
        activityTaskSlotSupplier: fixed(slots.activities),
        localActivityTaskSlotSupplier: fixed(slots.localActivities),
        nexusTaskSlotSupplier: fixed(NEXUS_SLOTS),
      },
      workflowTaskPollerBehavior: pollers(slots.workflowTaskPolls ?? slots.workflowTasks),
      activityTaskPollerBehavior: pollers(slots.activities),
    };
  }
  const shared = controller();
  const resourceBased = (minimum: number, maximum: number): ResourceBasedSlotsForType => ({
    type: 'resource-based',
    minimumSlots: Math.min(minimum, maximum),
    maximumSlots: maximum,
    controller: shared,
  });
  return {
    tuner: {
      workflowTaskSlotSupplier: resourceBased(2, slots.workflowTasks),
      activityTaskSlotSupplier: resourceBased(1, slots.activities),
      localActivityTaskSlotSupplier: resourceBased(1, slots.localActivities),
      nexusTaskSlotSupplier: fixed(NEXUS_SLOTS),
    },
    workflowTaskPollerBehavior: pollers(slots.workflowTaskPolls ?? slots.workflowTasks),
    activityTaskPollerBehavior: pollers(slots.activities),
  };
}

/** The resource-based controller's targets, from WORKER_TUNER_TARGET_*. */
export const controllerTargets = (config: TunerConfig) => ({
  targetCpuUsage: config.WORKER_TUNER_TARGET_CPU,
  targetMemoryUsage: config.WORKER_TUNER_TARGET_MEMORY,
});
