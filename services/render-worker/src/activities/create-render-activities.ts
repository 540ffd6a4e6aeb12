import type { RenderActivities, RenderError } from '@rp/workflow-safe';
import type { RenderActivityDeps } from './deps';
import { createImageActivities } from './image-activities';
import { createVideoActivities } from './video-activities';
import { createCollectionActivities } from './collection-activities';
import { createScheduleActivities } from './schedule-activities';
import { createPreviewActivities } from './preview-activities';
import { createPreflightActivities } from './preflight-activities';
import { failRenderRow, markRendering } from './render-rows';
import { createEngineDecisionActivities } from './engine-decision-activities';
import { createPinActivities } from './pin-activities';
import { createChromiumEngine } from '../renderer/engines/chromium/capture/chromium-engine';

/** The render worker's activities, built from their dependencies (samples-typescript style). */
export function createRenderActivities(deps: RenderActivityDeps): RenderActivities {
  const { db } = deps;
  return {
    ...createImageActivities(deps),
    ...createVideoActivities(deps),
    ...createCollectionActivities(deps),
    ...createScheduleActivities(deps),
    ...createPreviewActivities(deps),
    ...createPreflightActivities(deps),
    ...createPinActivities(deps),
    // the parity check runs on the batch queue, so its Chromium renders take the batch browser
    ...createEngineDecisionActivities(deps, { chromium: createChromiumEngine(deps.batchPool), chromiumPool: deps.batchPool, native: deps.nativeEngine ?? null }),
    async markRendering(renderId: string) {
      await markRendering(db, renderId);
    },
    failRender: (renderId: string, error: RenderError) => failRenderRow(db, renderId, error),
  };
}
