import type { RenderActivities, RenderError } from '@rp/common';
import type { RenderActivityDeps } from './deps';
import { createImageActivities } from './image-activities';
import { createVideoActivities } from './video-activities';
import { createCollectionActivities } from './collection-activities';
import { createScheduleActivities } from './schedule-activities';
import { createPreviewActivities } from './preview-activities';
import { finishRender, hasSubscribers } from '@rp/db';
import { markRendering } from './render-rows';

/** The render worker's activities, built from their dependencies (samples-typescript style). */
export function createRenderActivities(deps: RenderActivityDeps): RenderActivities {
  const { db } = deps;
  return {
    ...createImageActivities(deps),
    ...createVideoActivities(deps),
    ...createCollectionActivities(deps),
    ...createScheduleActivities(deps),
    ...createPreviewActivities(deps),
    async markRendering(renderId: string) {
      await markRendering(db, renderId);
    },
    async failRender(renderId: string, error: RenderError) {
      const { row } = await finishRender(db, renderId, { status: 'failed', error });
      if (!row || row.collection_id || row.status !== 'failed') return { notify: false };
      return { notify: await hasSubscribers(db, row.org_id, `${row.kind}.failed`, row.webhook_id) };
    },
  };
}
