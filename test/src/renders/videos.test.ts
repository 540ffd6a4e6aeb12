import sharp from 'sharp';
import { workflowIds } from '@rp/workflow-safe';
import { apiEnvSchema } from '@rp/api';
import { Client, Connection } from '@temporalio/client';
import {
  closeTestDb,
  killAndRestartAll,
  workerMetricsUrls,
  darkLeftEdge,
  decodeFrames,
  fetchBytes,
  meanAbsDiff,
  newOrg,
  probeVideo,
  stackInfo,
  testDb,
  waitFor,
  waitForCollection,
  waitForRender,
  withTempFile,
  SWEEP,
  sweepHtml,
  sweepX,
  type TestOrg,
} from '../index';

const { W, H, BOX } = SWEEP;
const SWEEP_HTML = sweepHtml();
const expectedX = sweepX;

describe('video renders', () => {
  let org: TestOrg;
  let templateId: string;
  beforeAll(async () => {
    org = await newOrg();
    const res = await org.api.post('/v1/templates', {
      name: 'Sweep',
      type: 'video',
      // the Chromium capture path is what this suite checks (native videos: native-videos.test.ts); with `auto` the
      // parity check would move this CSS-only sweep to the native engine part-way through the suite
      engine: 'chromium',
      width: W,
      height: H,
      composition_html: SWEEP_HTML,
      canvas_data: { duration_seconds: 5, fps: 10 },
    });
    expect(res.status).toBe(201);
    templateId = res.body.id;
  });
  afterAll(closeTestDb);

  const renderVideo = async (body: object) => {
    const res = await org.api.post('/v1/videos', { template_id: templateId, ...body });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ object: 'video', status: 'pending', width: W, height: H });
    return res.body;
  };
  const mp4 = async (record: any) => {
    const file = await fetchBytes(record.result_url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('video/mp4');
    return file.body;
  };

  test.each([
    [{ fps: 9 }, 'fps'],
    [{ fps: 61 }, 'fps'],
    [{ fps: 30.5 }, 'fps'],
    [{ duration_seconds: 0.4 }, 'duration_seconds'],
    [{ duration_seconds: 60.1 }, 'duration_seconds'],
  ])('%j answers 422 naming %s', async (body, field) => {
    const res = await org.api.post('/v1/videos', { template_id: templateId, ...body });
    expect(res.status).toBe(422);
    expect(res.body.error.details[0].field).toBe(field);
  });

  test('the template defaults apply, and the MP4 has round(duration x fps) H.264 yuv420p faststart frames', async () => {
    const created = await renderVideo({});
    expect(created).toMatchObject({ duration_seconds: 5, fps: 10 });
    const done = await waitForRender(org.api, 'video', created.id);
    expect(done.status).toBe('completed');
    expect(done.progress).toMatchObject({ frames_done: 50, frames_total: 50, percent: 100 });
    const bytes = await mp4(done);
    await withTempFile(bytes, 'mp4', async (file) => {
      const p = await probeVideo(file);
      expect(p).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: W, height: H, frames: 50, fps: 10, faststart: true });
      expect(p.duration).toBeCloseTo(5, 1);
      const frames = await decodeFrames(file, W, H);
      expect(frames).toHaveLength(50);
      // the box is exactly where the animation puts it at t = 1 s and t = 4 s
      const row = H / 2;
      expect(Math.abs(darkLeftEdge(frames[10]!, W, row) - expectedX(1))).toBeLessThanOrEqual(3);
      expect(Math.abs(darkLeftEdge(frames[40]!, W, row) - expectedX(4))).toBeLessThanOrEqual(3);
    });
    const thumb = await fetchBytes(done.thumbnail_url);
    expect(thumb.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  test('a one-chunk render is its segment as it is: every frame, faststart, and the middle frame as its thumbnail', async () => {
    // 10 fps x 2 s = 20 frames, under the test stack's 40-frame chunks: no join runs, and the chunk that captured
    // frame 10 wrote the thumbnail from its capture
    const done = await waitForRender(org.api, 'video', (await renderVideo({ fps: 10, duration_seconds: 2 })).id);
    expect(done.status).toBe('completed');
    await withTempFile(await mp4(done), 'mp4', async (file) => {
      const p = await probeVideo(file);
      expect(p).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: W, height: H, frames: 20, fps: 10, faststart: true });
      const xs = (await decodeFrames(file, W, H)).map((f) => darkLeftEdge(f, W, H / 2));
      xs.forEach((x, i) => expect(Math.abs(x - expectedX(i / 10))).toBeLessThanOrEqual(3));
      const thumb = await sharp((await fetchBytes(done.thumbnail_url)).body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([thumb.info.width, thumb.info.height]).toEqual([W, H]);
      expect(Math.abs(darkLeftEdge(thumb.data, W, H / 2) - xs[10]!)).toBeLessThanOrEqual(1);
    });
  });

  test('a chunked render has every frame once, with no seam at chunk boundaries', async () => {
    // the test stack renders 40-frame chunks: 30 fps x 4 s = 120 frames = 3 chunks
    const done = await waitForRender(org.api, 'video', (await renderVideo({ fps: 30, duration_seconds: 4 })).id);
    expect(done.status).toBe('completed');
    await withTempFile(await mp4(done), 'mp4', async (file) => {
      const p = await probeVideo(file);
      expect(p.frames).toBe(120);
      const frames = await decodeFrames(file, W, H);
      const xs = frames.map((f) => darkLeftEdge(f, W, H / 2));
      xs.forEach((x, i) => expect(Math.abs(x - expectedX(i / 30))).toBeLessThanOrEqual(3));
      // consecutive frames move by the same step across the boundaries at 40 and 80: no duplicate, no gap
      for (const b of [40, 80]) {
        expect(xs[b]! - xs[b - 1]!).toBeGreaterThan(0);
        expect(Math.abs(xs[b]! - xs[b - 1]! - (W - BOX) / 150)).toBeLessThanOrEqual(2);
      }
      // the thumbnail is the middle frame (60, in the second chunk's segment): the box where the joined file has it
      // there, not one frame off (1.87 px a frame)
      const thumb = await sharp((await fetchBytes(done.thumbnail_url)).body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([thumb.info.width, thumb.info.height]).toEqual([W, H]);
      expect(Math.abs(darkLeftEdge(thumb.data, W, H / 2) - xs[60]!)).toBeLessThanOrEqual(1);
    });
    const rows = await testDb()('renders').where({ id: done.id }).first();
    expect(rows.render_count).toBe(1);
  });

  test('a begin-frame template renders the same animation through chromium-headless-shell', async () => {
    // which capture path ran: the render worker counts frames per strategy, and a begin-frame request that fell back
    // to screenshots (no begin-frame pool, a browser without begin-frame control) would count them as screenshot
    const beginFrameFrames = async () => {
      // summed over every render worker instance: with replicas any of them may take the chunks
      let frames = 0;
      for (const url of workerMetricsUrls('render-worker')) {
        const m = /^render_video_frames_total\{strategy="begin-frame"\} (\d+)/m.exec(await (await fetch(url)).text());
        frames += m ? Number(m[1]) : 0;
      }
      return frames;
    };
    const before = await beginFrameFrames();
    const tpl = await org.api.post('/v1/templates', {
      name: 'Sweep BF',
      type: 'video',
      engine: 'chromium',
      width: W,
      height: H,
      composition_html: SWEEP_HTML,
      video_strategy: 'begin-frame',
    });
    expect(tpl.status).toBe(201);
    const res = await org.api.post('/v1/videos', { template_id: tpl.body.id, fps: 10, duration_seconds: 5 });
    const done = await waitForRender(org.api, 'video', res.body.id);
    expect(done.status).toBe('completed');
    await withTempFile(await mp4(done), 'mp4', async (file) => {
      const frames = await decodeFrames(file, W, H);
      expect(frames).toHaveLength(50);
      expect(Math.abs(darkLeftEdge(frames[10]!, W, H / 2) - expectedX(1))).toBeLessThanOrEqual(3);
      expect(Math.abs(darkLeftEdge(frames[40]!, W, H / 2) - expectedX(4))).toBeLessThanOrEqual(3);
    });
    expect((await beginFrameFrames()) - before).toBeGreaterThanOrEqual(50);
  });

  test('two renders of the same request decode to the same frames', async () => {
    const [a, b] = await Promise.all([renderVideo({ fps: 10, duration_seconds: 2 }), renderVideo({ fps: 10, duration_seconds: 2 })]);
    const [da, db] = await Promise.all([waitForRender(org.api, 'video', a.id), waitForRender(org.api, 'video', b.id)]);
    const fa = await withTempFile(await mp4(da), 'mp4', (f) => decodeFrames(f, W, H));
    const fb = await withTempFile(await mp4(db), 'mp4', (f) => decodeFrames(f, W, H));
    expect(fa).toHaveLength(20);
    fa.forEach((frame, i) => expect(meanAbsDiff(frame, fb[i]!)).toBeLessThan(0.5));
  });

  test('progress is visible through GET and a Temporal query while rendering, then cancel marks it cancelled', async () => {
    const created = await renderVideo({ fps: 30, duration_seconds: 60 });
    const connection = await Connection.connect({ address: stackInfo().temporalAddress });
    try {
      const client = new Client({ connection, namespace: stackInfo().temporalNamespace });
      const handle = client.workflow.getHandle(workflowIds.render('video', created.id));
      const mid = await waitFor(async () => {
        const r = await org.api.get(`/v1/videos/${created.id}`);
        return r.body.progress && r.body.progress.frames_done > 0 ? r.body : null;
      }, { timeoutMs: 60_000 });
      expect(mid.status).toBe('rendering');
      expect(mid.progress.frames_total).toBe(1800);
      expect(mid.progress.percent).toBeLessThan(100);
      const q = await handle.query<{ frames_total: number } | null>('progress');
      expect(q?.frames_total).toBe(1800);
      const cancel = await org.api.post(`/v1/videos/${created.id}/cancel`);
      expect(cancel.status).toBe(202);
      const done = await waitForRender(org.api, 'video', created.id, 60_000);
      expect(done.status).toBe('failed');
      expect(done.error.code).toBe('cancelled');
      expect((await org.api.post(`/v1/videos/${created.id}/cancel`)).status).toBe(409);
    } finally {
      await connection.close();
    }
  });

  test('cancel reaches collection items: a queued one fails at once and is never rendered, a started one is cancelled', async () => {
    // one item more than the collection window, so the last item waits with no workflow yet (the test stack keeps the default)
    const window = apiEnvSchema.properties.COLLECTION_CONCURRENCY.default;
    const tpl = await org.api.post('/v1/templates', {
      name: 'Tiny', type: 'video', width: 32, height: 32, composition_html: '<div style="width:8px;height:8px;background:#000"></div>',
      canvas_data: { duration_seconds: 0.5, fps: 10 },
    });
    expect(tpl.status).toBe(201);
    const created = await org.api.post('/v1/collections', { template_id: tpl.body.id, items: Array.from({ length: window + 1 }, () => ({})) });
    expect(created.status).toBe(202);
    const rows = await testDb()('renders').where({ collection_id: created.body.id }).orderBy('collection_index');
    const queued = rows[window]!;
    const started = rows[window - 1]!;

    const q = await org.api.post(`/v1/videos/${queued.id}/cancel`);
    expect(q.status).toBe(202);
    expect(q.body).toMatchObject({ status: 'failed', error: { code: 'cancelled' } });
    expect((await org.api.post(`/v1/videos/${started.id}/cancel`)).status).toBe(202);

    const done = await waitForCollection(org, created.body.id, 240_000);
    expect(done).toMatchObject({ status: 'completed_with_errors', total: window + 1, completed: window - 1, failed: 2 });
    for (const item of done.items.filter((i: any) => i.index >= window - 1)) {
      expect(item).toMatchObject({ status: 'failed', result_url: null, error: { code: 'cancelled' } });
    }
    const after = await testDb()('renders').whereIn('id', [queued.id, started.id]);
    for (const r of after) expect({ render_count: r.render_count, result_path: r.result_path }).toEqual({ render_count: 1, result_path: null });
    expect((await org.api.post(`/v1/videos/${queued.id}/cancel`)).status).toBe(409);
  }, 300_000);

  test('killing the render worker mid-video and restarting it still completes the video', async () => {
    const created = await renderVideo({ fps: 30, duration_seconds: 8 });
    await waitFor(async () => ((await org.api.get(`/v1/videos/${created.id}`)).body.progress?.frames_done ?? 0) > 0, { timeoutMs: 60_000 });
    await killAndRestartAll('render-worker');
    const done = await waitForRender(org.api, 'video', created.id, 240_000);
    expect(done.status).toBe('completed');
    await withTempFile(await mp4(done), 'mp4', async (file) => {
      expect((await probeVideo(file)).frames).toBe(240);
    });
    expect((await testDb()('renders').where({ id: done.id }).first()).render_count).toBe(1);
  }, 300_000);
});
