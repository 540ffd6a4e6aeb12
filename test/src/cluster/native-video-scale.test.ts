import { workflowIds } from '@rp/workflow-safe';
import { closeTestDb, createPromoVideo, fetchBytes, newOrg, probeVideo, recordFigures, stackInfo, temporalClient, waitForRender, withTempFile } from '../index';

const W = 1920;
const H = 1080;
const FPS = 30;
const SECONDS = 60;

/** Chunks per worker identity, read from the render workflow's history (which worker started each chunk activity). */
async function chunksPerWorker(renderId: string): Promise<Record<string, number>> {
  const temporal = await temporalClient();
  try {
    const history = await temporal.client.workflow.getHandle(workflowIds.render('video', renderId)).fetchHistory();
    const chunkScheduled = new Set<string>();
    const perWorker: Record<string, number> = {};
    for (const e of history.events ?? []) {
      const scheduled = e.activityTaskScheduledEventAttributes;
      if (scheduled?.activityType?.name === 'renderVideoChunk') chunkScheduled.add(String(e.eventId));
      const started = e.activityTaskStartedEventAttributes;
      if (started && chunkScheduled.has(String(started.scheduledEventId))) {
        const who = started.identity ?? '?';
        perWorker[who] = (perWorker[who] ?? 0) + 1;
      }
    }
    return perWorker;
  } finally {
    await temporal.close();
  }
}

/**
 * A minute of 1080p30 drawn by the native engine, its chunks shared by the cluster profile's two render
 * workers, joined into one video with every frame. The wall time is recorded (test-figures.json), not asserted.
 */
describe('a 60 s 1080p30 native video across two render workers (cluster profile)', () => {
  afterAll(closeTestDb);

  test('every frame, chunks drawn by both workers', async () => {
    expect(stackInfo().profile).toBe('cluster');
    const org = await newOrg();
    const templateId = await createPromoVideo(org.api, { width: W, height: H, seconds: SECONDS, fps: FPS });
    const sentAt = Date.now();
    const created = await org.api.post('/v1/videos', { template_id: templateId });
    expect(created.status).toBe(202);
    const done = await waitForRender(org.api, 'video', created.body.id, 900_000);
    const wallS = (Date.now() - sentAt) / 1000;
    expect(done).toMatchObject({ status: 'completed' });
    expect(done.video_metadata.provenance.engine).toBe('native');
    const file = await fetchBytes(done.result_url);
    const probe = await withTempFile(file.body, 'mp4', (path) => probeVideo(path));
    expect(probe).toMatchObject({ frames: FPS * SECONDS, width: W, height: H });

    const perWorker = await chunksPerWorker(done.id);
    const identities = Object.keys(perWorker);
    expect(identities.length).toBeGreaterThanOrEqual(2);
    recordFigures('native_video_60s_1080p_cluster', {
      frames: FPS * SECONDS,
      wall_s: Math.round(wallS * 10) / 10,
      fps: Math.round((FPS * SECONDS * 10) / wallS) / 10,
      chunks_per_worker: perWorker,
    });
  }, 960_000);
});
