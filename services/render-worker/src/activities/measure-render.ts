import { activityLogger } from '@rp/worker-runtime';
import type { RenderActivityDeps } from './deps';
import { logRefusal, toActivityError } from './to-application-failure';

export interface MeasuredStep {
  renderId: string;
  /** The `kind` label of the render duration histogram. */
  kind: 'image' | 'video_chunk' | 'video_concat';
  /** The message of the one log line the step writes when it is over. */
  message: string;
  /** Extra fields of that line, read when the step is over (so they can say how far it got). */
  fields?: () => Record<string, unknown>;
}

/**
 * Runs one render step with its duration metric and log line, on success and failure alike; a failure is logged
 * (a refusal with its detail) and leaves as the activity error Temporal should see.
 */
export async function measureRender<T>(deps: Pick<RenderActivityDeps, 'logger' | 'metrics'>, step: MeasuredStep, run: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  let outcome = 'completed';
  try {
    return await run();
  } catch (err) {
    outcome = 'failed';
    logRefusal(deps.logger, step.renderId, err);
    throw toActivityError(err);
  } finally {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    deps.metrics.renderDuration.observe({ kind: step.kind, outcome }, seconds);
    activityLogger(deps.logger).info({ render_id: step.renderId, ...step.fields?.(), outcome, ms: Math.round(seconds * 1000) }, step.message);
  }
}
