import http from 'node:http';
import { PNG } from 'pngjs';
import { closeTestDb, decodeFrames, fetchBytes, newOrg, probeVideo, startFixtureServer, waitFor, waitForRender, withTempFile, type FixtureServer, type TestOrg } from '../index';
import { ANIMATED_TEMPLATES, animatedTemplateHtml, type AnimatedTemplate } from '../../fixtures/animated-templates/animated-templates';

// The animated corpus through the stack (docs/engines.md, "Video templates"): each template saved with `engine: auto`
// reaches its expected decision (the static gate's reason, or the parity check's verdict on frames at the start,
// middle, end and inside each animation), and the lower third and the steps() typewriter render through
// POST /v1/videos, decoded frame by frame: frame count, and pixels at known instants.
jest.setTimeout(10 * 60_000);

/** A photo with structure (a diagonal gradient), so a zoom changes its pixels. */
function gradientPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 4;
    png.data.set([Math.round((255 * x) / width), 120, Math.round((255 * y) / height), 255], i);
  }
  return PNG.sync.write(png);
}

const PHOTO = gradientPng(320, 180);
const handler: http.RequestListener = (req, res) => {
  if (req.url === '/photo.png') {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': PHOTO.length });
    res.end(PHOTO);
    return;
  }
  res.writeHead(404).end();
};

describe('animated templates as people write them, on the stack', () => {
  let org: TestOrg;
  let server: FixtureServer;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    org = await newOrg();
    server = await startFixtureServer(handler);
  });
  afterAll(async () => {
    await server?.close();
    await closeTestDb();
  });

  const save = async (t: AnimatedTemplate) => {
    const html = animatedTemplateHtml(t.name, { photo: `${server.url}/photo.png`, clip: `${server.url}/clip.mp4` });
    const res = await org.api.post('/v1/templates', {
      name: t.name, type: 'video', format: t.format, width: t.width, height: t.height, composition_html: html,
      placeholders: t.placeholders, canvas_data: { duration_seconds: t.duration_seconds, fps: t.fps }, engine: 'auto',
    });
    expect(res.status).toBe(201);
    // the gate answers at save: a refused template is decided at once, one that passed waits for the parity check
    expect(res.body.engine_decision.reason).toBe(t.gate ?? 'parity_pending');
    const decided = await waitFor(async () => {
      const d = (await org.api.get(`/v1/templates/${res.body.id}`)).body.engine_decision;
      return d.reason === 'parity_pending' ? null : d;
    }, { timeoutMs: 180_000, what: `the engine decision of ${t.name}` });
    ids.set(t.name, res.body.id);
    return { id: res.body.id as string, decided, version: res.body.current_version as number };
  };

  test.each(ANIMATED_TEMPLATES.map((t) => [t.name, t] as const))('%s: decided as expected', async (_name, t) => {
    const { id, decided, version } = await save(t);
    if (process.env.PARITY_REPORT) console.log(JSON.stringify({ name: t.name, engine: decided.engine, reason: decided.reason, parity: decided.parity }));
    expect({ engine: decided.engine, reason: decided.reason }).toEqual(t.expected);
    const parity = (await org.api.get(`/v1/templates/${id}/versions/${version}/parity`)).body;
    if (t.gate) {
      expect(parity.samples).toEqual([]);
    } else {
      // the parity check compared frames at instants: the start, the end, and more inside
      const instants = parity.samples.map((s: { sample: string }) => s.sample);
      expect(instants[0]).toBe('t=0ms');
      expect(instants.length).toBeGreaterThanOrEqual(3);
      for (const s of instants) expect(s).toMatch(/^t=\d+ms$/);
    }
  });

  const renderVideo = async (name: string, body: Record<string, unknown>) => {
    const t = ANIMATED_TEMPLATES.find((x) => x.name === name)!;
    const id = ids.get(name) ?? (await save(t)).id;
    const res = await org.api.post('/v1/videos', { template_id: id, ...body });
    expect(res.status).toBe(202);
    const done = await waitForRender(org.api, 'video', res.body.id);
    expect(done.status).toBe('completed');
    expect(done.video_metadata.provenance.engine).toBe(t.expected.engine);
    const file = await fetchBytes(done.result_url);
    return withTempFile(file.body, 'mp4', async (path) => ({ probe: await probeVideo(path), frames: await decodeFrames(path, t.width, t.height), t }));
  };

  test('the lower third through POST /v1/videos: 20 frames, the bar off screen at 0 s and in at 1 s, the subtitle after it', async () => {
    const { probe, frames, t } = await renderVideo('lower-third', { fps: 10, duration_seconds: 2 });
    expect(probe).toMatchObject({ width: t.width, height: t.height, frames: 20, fps: 10 });
    expect(frames).toHaveLength(20);
    const px = (f: Buffer, x: number, y: number) => [...f.subarray((y * t.width + x) * 3, (y * t.width + x) * 3 + 3)];
    const red = ([r, g, b]: number[]) => r! > 180 && g! < 80 && b! < 120;
    const white = ([r, g, b]: number[]) => r! > 220 && g! > 220 && b! > 220;
    // the bar (#e11d48) slides in over 600 ms from -120% of its width; the subtitle (white) fades up from 400 ms
    expect(red(px(frames[0]!, 90, 560))).toBe(false);
    expect(red(px(frames[10]!, 90, 560))).toBe(true);
    expect(white(px(frames[2]!, 90, 628))).toBe(false);
    expect(white(px(frames[15]!, 90, 628))).toBe(true);
  });

  test('the steps() typewriter through POST /v1/videos: 40 frames, its text uncovered 29 px a step, held between steps', async () => {
    const { probe, frames, t } = await renderVideo('steps-typewriter', { fps: 20, duration_seconds: 2 });
    expect(probe).toMatchObject({ width: t.width, height: t.height, frames: 40, fps: 20 });
    // the typed line's extent on the text row: green (#a7f3d0) text and caret on #111827
    const extent = (f: Buffer) => {
      const xs: number[] = [];
      for (let x = 0; x < t.width; x++) for (let y = 330; y < 390; y++) {
        const i = (y * t.width + x) * 3;
        if (f[i + 1]! > 170 && f[i]! > 110 && f[i + 2]! > 140) {
          xs.push(x);
          break;
        }
      }
      return xs.length ? xs[xs.length - 1]! - xs[0]! + 1 : 0;
    };
    const widths = frames.map(extent);
    // steps(20) over 2 s: 29 px every 100 ms (two frames at 20 fps), so each pair of frames shows the same width
    expect(Math.abs(widths[10]! - widths[11]!)).toBeLessThanOrEqual(2);
    expect(Math.abs(widths[20]! - widths[21]!)).toBeLessThanOrEqual(2);
    expect(Math.abs(widths[20]! - widths[10]! - 5 * 29)).toBeLessThanOrEqual(12);
    expect(widths[30]!).toBeGreaterThan(widths[20]! + 100);
  });
});
