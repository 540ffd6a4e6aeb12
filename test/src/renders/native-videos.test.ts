import {
  closeTestDb,
  darkLeftEdge,
  decodeJpeg,
  decodeFrames,
  fetchBytes,
  newOrg,
  probeVideo,
  waitForRender,
  withTempFile,
  SWEEP,
  sweepHtml,
  sweepX,
  type TestOrg,
} from '../index';

// Videos drawn by the native engine end to end (docs/video.md): a CSS-animated template decided `native` renders
// through POST /v1/videos, its chunks drawn frame by frame by takumi and encoded by the engine process's ffmpeg,
// joined by stream copy like a Chromium video's.
jest.setTimeout(180_000);

const { W, H, BOX } = SWEEP;

describe('native videos', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await newOrg();
  });
  afterAll(closeTestDb);

  /** A CSS-animated video template saved with `engine: "native"`: the static gate lets it through, the version is decided native. */
  const nativeVideoTemplate = async (body: Record<string, unknown>) => {
    const res = await org.api.post('/v1/templates', { name: 'native video', type: 'video', width: W, height: H, composition_html: sweepHtml(), engine: 'native', ...body });
    expect(res.status).toBe(201);
    expect(res.body.engine_decision).toMatchObject({ engine: 'native' });
    return res.body.id as string;
  };
  const render = async (templateId: string, body: Record<string, unknown> = {}) => {
    const res = await org.api.post('/v1/videos', { template_id: templateId, ...body });
    expect(res.status).toBe(202);
    const done = await waitForRender(org.api, 'video', res.body.id);
    expect(done.status).toBe('completed');
    return done;
  };

  test('a chunked mp4: every frame at its instant across chunk boundaries, provenance naming the native engine', async () => {
    const id = await nativeVideoTemplate({ canvas_data: { duration_seconds: 4, fps: 30 } });
    // the test stack renders 40-frame chunks: 120 frames = 3 chunks, each drawn by an engine process
    const done = await render(id);
    expect(done.progress).toMatchObject({ frames_done: 120, frames_total: 120, percent: 100 });
    expect(done.video_metadata.provenance).toMatchObject({ engine: 'native', engine_version: expect.stringMatching(/^takumi \d/), chromium_version: null });
    const file = await fetchBytes(done.result_url);
    expect(file.type).toBe('video/mp4');
    await withTempFile(file.body, 'mp4', async (path) => {
      const p = await probeVideo(path);
      expect(p).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: W, height: H, frames: 120, fps: 30, faststart: true });
      const xs = (await decodeFrames(path, W, H)).map((f) => darkLeftEdge(f, W, H / 2));
      expect(xs).toHaveLength(120);
      xs.forEach((x, i) => expect({ i, off: Math.abs(x - sweepX(i / 30)) <= 3 }).toEqual({ i, off: true }));
      for (const b of [40, 80]) expect(Math.abs(xs[b]! - xs[b - 1]! - (W - BOX) / 150)).toBeLessThanOrEqual(2);
    });
    const thumb = await fetchBytes(done.thumbnail_url);
    expect(thumb.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // the middle frame (60 of 120), drawn by the chunk holding it
    const { rgb } = decodeJpeg(thumb.body);
    expect(Math.abs(darkLeftEdge(rgb, W, H / 2) - sweepX(60 / 30))).toBeLessThanOrEqual(3);
  });

  test('a transparent webm keeps its alpha, and a gif is converted from the joined native segments', async () => {
    const webm = await render(await nativeVideoTemplate({ format: 'webm', composition_html: sweepHtml('#000', 'background:transparent'), canvas_data: { duration_seconds: 1, fps: 10, transparent: true } }));
    expect(webm.video_metadata).toMatchObject({ format: 'webm', alpha: true, frames: 10, provenance: { engine: 'native' } });
    const gif = await render(await nativeVideoTemplate({ format: 'gif', canvas_data: { duration_seconds: 1, fps: 10 } }));
    expect(gif.video_metadata).toMatchObject({ format: 'gif', frames: 10, provenance: { engine: 'native' } });
    const gifFile = await fetchBytes(gif.result_url);
    expect(gifFile.body.subarray(0, 3).toString()).toBe('GIF');
    const webmFile = await fetchBytes(webm.result_url);
    await withTempFile(webmFile.body, 'webm', async (path) => {
      const { execFileSync } = await import('node:child_process');
      const rgba = execFileSync('ffmpeg', ['-v', 'error', '-c:v', 'libvpx-vp9', '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { maxBuffer: 1 << 26 });
      const alphaAt = (x: number, y: number) => rgba[(y * W + x) * 4 + 3]!;
      expect(alphaAt(W - 5, 5)).toBeLessThan(16); // the empty canvas
      expect(alphaAt(BOX / 2, H / 2)).toBeGreaterThan(240); // the box at t=0
    });
  });
});
