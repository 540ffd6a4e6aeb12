import { GIF_LIMITS } from '@rp/workflow-safe';
import {
  closeTestDb,
  darkLeftEdge,
  decodedPixelFormat,
  decodeFrameRgba,
  decodeFrames,
  fetchBytes,
  newOrg,
  probeVideo,
  waitForRender,
  withTempFile,
  SWEEP as SWEEP_FIXTURE,
  sweepHtml,
  sweepX,
  type TestOrg,
} from '../index';

// The test stack renders 40 frames per chunk, so every video here (50 frames) is joined from two chunks, and frame 45
// comes from the second one.
const { W, H, BOX } = SWEEP_FIXTURE;
const SWEEP = sweepHtml();
const expectedX = sweepX;
// Nothing but a red box on a transparent page, sweeping like the one above.
const OVERLAY = sweepHtml('rgb(220,30,30)', '');

describe('video formats', () => {
  let org: TestOrg;
  const template = async (body: Record<string, unknown>) => {
    const res = await org.api.post('/v1/templates', { name: 'Fmt', type: 'video', width: W, height: H, composition_html: SWEEP, ...body });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const render = async (templateId: string, body: object = {}) => {
    const res = await org.api.post('/v1/videos', { template_id: templateId, duration_seconds: 5, fps: 10, ...body });
    expect(res.status).toBe(202);
    const done = await waitForRender(org.api, 'video', res.body.id, 180_000);
    expect(done.error).toBeNull();
    expect(done.status).toBe('completed');
    return done;
  };

  beforeAll(async () => {
    org = await newOrg();
  });
  afterAll(closeTestDb);

  test('gif: 50 frames of the template size, the box where it is at 1 s, within the size bound', async () => {
    const done = await render(await template({ format: 'gif' }));
    const file = await fetchBytes(done.result_url);
    expect(file.type).toBe('image/gif');
    expect(file.body.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(done.video_metadata).toMatchObject({ format: 'gif', bytes: file.body.length, frames: 50, audio: null });
    // documented bound: GIF_LIMITS.maxBytes, and never more than one byte per pixel per frame
    expect(file.body.length).toBeLessThanOrEqual(Math.min(GIF_LIMITS.maxBytes, W * H * 50));
    expect((await fetchBytes(done.thumbnail_url)).type).toBe('image/jpeg');
    await withTempFile(file.body, 'gif', async (f) => {
      const p = await probeVideo(f);
      expect(p).toMatchObject({ codec: 'gif', width: W, height: H, frames: 50 });
      const frames = await decodeFrames(f, W, H);
      expect(frames).toHaveLength(50);
      // frame 10 = 1.0 s
      expect(Math.abs(darkLeftEdge(frames[10]!, W, H / 2) - expectedX(1))).toBeLessThanOrEqual(2);
      expect(Math.abs(darkLeftEdge(frames[45]!, W, H / 2) - expectedX(4.5))).toBeLessThanOrEqual(2);
    });
  });

  test.each([
    [{ format: 'gif', width: 1281 }, 'width'],
    [{ format: 'gif', canvas_data: { fps: 30 } }, 'canvas_data.fps'],
    [{ format: 'mp4', canvas_data: { transparent: true } }, 'canvas_data.transparent'],
    [{ format: 'webm', canvas_data: { transparent: 'yes' } }, 'canvas_data.transparent'],
    [{ format: 'avi' }, 'format'],
  ])('template %j answers 422 naming %s', async (body, field) => {
    const res = await org.api.post('/v1/templates', { name: 'Bad', type: 'video', width: W, height: H, composition_html: SWEEP, ...body });
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: any) => d.field)).toContain(field);
  });

  test('a gif render beyond the fps cap, or with audio, answers 422 naming the field', async () => {
    const id = await template({ format: 'gif' });
    const fast = await org.api.post('/v1/videos', { template_id: id, fps: 30 });
    expect(fast.status).toBe(422);
    expect(fast.body.error.details[0].field).toBe('fps');
    const audio = await org.api.post('/v1/videos', { template_id: id, audio: { url: 'https://example.com/a.mp3' } });
    expect(audio.status).toBe(422);
    expect(audio.body.error.details[0].field).toBe('audio');
  });

  test('webm with a transparent template: yuva420p, transparent outside the box, opaque red inside', async () => {
    const done = await render(await template({ format: 'webm', composition_html: OVERLAY, canvas_data: { transparent: true } }));
    const file = await fetchBytes(done.result_url);
    expect(file.type).toBe('video/webm');
    expect(done.video_metadata).toMatchObject({ format: 'webm', alpha: true, frames: 50, bytes: file.body.length });
    await withTempFile(file.body, 'webm', async (f) => {
      expect(await decodedPixelFormat(f)).toBe('yuva420p');
      expect(await probeVideo(f)).toMatchObject({ codec: 'vp9', width: W, height: H, frames: 50 });
      for (const n of [10, 45]) {
        const rgba = await decodeFrameRgba(f, n, { vp9Alpha: true });
        expect(rgba.length).toBe(W * H * 4);
        const at = (x: number, y: number) => [...rgba.subarray((y * W + x) * 4, (y * W + x) * 4 + 4)];
        const cx = Math.round(expectedX(n / 10) + BOX / 2);
        const [r, g, b, a] = at(cx, H / 2);
        expect(a).toBeGreaterThanOrEqual(250);
        expect(Math.abs(r! - 220) + Math.abs(g! - 30) + Math.abs(b! - 30)).toBeLessThan(40);
        expect(at(cx, 10)[3]).toBeLessThanOrEqual(5);
        expect(at((cx + W / 2) % W, H / 2)[3]).toBeLessThanOrEqual(5);
      }
    });
  });

  test('an opaque webm template renders VP9 without alpha', async () => {
    const done = await render(await template({ format: 'webm' }), { duration_seconds: 2 });
    const file = await fetchBytes(done.result_url);
    expect(done.video_metadata).toMatchObject({ format: 'webm', alpha: false, frames: 20 });
    await withTempFile(file.body, 'webm', async (f) => {
      expect(await decodedPixelFormat(f)).toBe('yuv420p');
      const frames = await decodeFrames(f, W, H);
      expect(Math.abs(darkLeftEdge(frames[10]!, W, H / 2) - expectedX(1))).toBeLessThanOrEqual(2);
    });
  });
});
