import { RENDER_CANCELLED } from '@rp/workflow-safe';
import { finishRender } from '@rp/db';
import { serializeRender } from '@rp/serializers';
import { AppError } from '@rp/errors';
import type { RouteDef } from '../http/route';
import { idParam } from '../schemas/common';
import { videoSchema } from '../schemas/render';
import { getRender } from '../services/render-service';
import { renderRoutes } from './render-routes';
import { exampleVideo } from '../openapi/examples';

export function videosRoutes(): RouteDef[] {
  return [
    ...renderRoutes('video'),
    {
      method: 'post',
      path: '/v1/videos/{video_id}/cancel',
      operationId: 'cancelVideo',
      summary: 'Cancel a video render',
      description:
        'Cancels the workflow: ffmpeg and the capture pages stop, and the video ends `failed` with error code `cancelled`. Works for collection items too (a queued item is failed at once and never rendered; the collection counts it as failed). A finished video answers 409.',
      tag: 'Videos',
      params: idParam('video_id'),
      responses: { 202: { description: 'Cancellation requested; the record as it stands', schema: videoSchema, example: exampleVideo }, 409: { description: 'Already finished' } },
      handler: async ({ ctx, deps, orgId, params }) => {
        const row = await getRender(deps, orgId, 'video', params.video_id);
        if (row.status === 'completed' || row.status === 'failed') {
          throw new AppError(409, 'already_finished', `The video is already ${row.status}`);
        }
        if (!(await deps.temporal.cancelRender(row))) {
          // a collection item whose workflow has not started yet: fail it now, and its workflow will skip it
          const { row: finished } = await finishRender(deps.db, row.id, { status: 'failed', error: { ...RENDER_CANCELLED } });
          ctx.status = 202;
          return serializeRender(finished ?? row, deps.signUrl);
        }
        ctx.status = 202;
        return serializeRender(row, deps.signUrl);
      },
    },
  ];
}
