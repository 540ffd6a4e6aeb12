import {
  closeTestDb,
  decodeFrames,
  fetchBytes,
  newOrg,
  solidPng,
  startFixtureServer,
  waitForCollection,
  waitForRender,
  withTempFile,
  type FixtureServer,
  type TestOrg,
} from '../index';

// Videos load their pages under the same request guard as images: asset:// resolved within the org, private
// addresses refused as ssrf_blocked, and the template never replaces its top-level document.
const W = 320;
const H = 180;
const PHOTO_HTML = `<style>body{margin:0;background:#fff}</style>
<img data-placeholder="photo" style="position:absolute;left:200px;top:40px;width:100px;height:100px;object-fit:cover" src="">`;
const PHOTO_PLACEHOLDERS = [{ name: 'photo', type: 'image', default: null }];

/** Mean RGB of a box in a raw rgb24 frame. */
function boxMean(frame: Buffer, x0: number, y0: number, w: number, h: number): number[] {
  const sum = [0, 0, 0];
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) for (let c = 0; c < 3; c++) sum[c]! += frame[(y * W + x) * 3 + c]!;
  }
  return sum.map((s) => Math.round(s / (w * h)));
}

async function framesOf(record: { result_url: string }): Promise<Buffer[]> {
  const file = await fetchBytes(record.result_url);
  expect(file.status).toBe(200);
  return withTempFile(file.body, 'mp4', (f) => decodeFrames(f, W, H));
}

const isMagenta = ([r, g, b]: number[]) => ({ r: r! > 200, g: g! < 60, b: b! > 200 });

describe('video renders under the request guard', () => {
  let org: TestOrg;
  let templateId: string;
  let photoId: string;
  let fixtures: FixtureServer;
  const hits: string[] = [];

  beforeAll(async () => {
    org = await newOrg();
    fixtures = await startFixtureServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<body style="background:#f00">escaped</body>');
    });
    const tpl = await org.api.post('/v1/templates', {
      name: 'Photo video',
      type: 'video',
      width: W,
      height: H,
      composition_html: PHOTO_HTML,
      placeholders: PHOTO_PLACEHOLDERS,
      canvas_data: { duration_seconds: 1, fps: 10 },
    });
    expect(tpl.status).toBe(201);
    templateId = tpl.body.id;
    const up = await org.api.post('/v1/assets', solidPng(64, 64, [255, 0, 255]), { 'content-type': 'image/png' });
    expect(up.status).toBe(201);
    photoId = up.body.id;
  });
  afterAll(async () => {
    await fixtures?.close();
    await closeTestDb();
  });

  const renderVideo = async (body: object) => {
    const res = await org.api.post('/v1/videos', { template_id: templateId, ...body });
    expect(res.status).toBe(202);
    return waitForRender(org.api, 'video', res.body.id);
  };

  test('an uploaded asset shows up in the frames of a video', async () => {
    const done = await renderVideo({ modifications: [{ name: 'photo', image_url: `asset://${photoId}` }] });
    expect({ status: done.status, error: done.error }).toEqual({ status: 'completed', error: null });
    const frames = await framesOf(done);
    expect(frames).toHaveLength(10);
    expect(isMagenta(boxMean(frames[0]!, 220, 60, 60, 60))).toEqual({ r: true, g: true, b: true });
    expect(isMagenta(boxMean(frames[9]!, 220, 60, 60, 60))).toEqual({ r: true, g: true, b: true });
    // outside the photo box the page stays white
    expect(boxMean(frames[0]!, 10, 10, 100, 100).every((v) => v > 240)).toBe(true);
  });

  test("a person's photo shows up in a video made by POST /v1/collections/from-people", async () => {
    const person = await org.api.post('/v1/people', { first_name: 'Ada', photo_asset_id: photoId });
    expect(person.status).toBe(201);
    const res = await org.api.post('/v1/collections/from-people', { template_id: templateId, people: {}, mapping: { photo: '{photo}' } });
    expect(res.status).toBe(202);
    const done = await waitForCollection(org, res.body.id, 120_000);
    expect(done).toMatchObject({ status: 'completed', total: 1, completed: 1 });
    const frames = await framesOf(done.items[0]);
    expect(isMagenta(boxMean(frames[5]!, 220, 60, 60, 60))).toEqual({ r: true, g: true, b: true });
  });

  test("another org's asset id reads as missing in its video", async () => {
    const other = await newOrg();
    const tpl = await other.api.post('/v1/templates', {
      name: 'Other', type: 'video', width: W, height: H, composition_html: PHOTO_HTML, placeholders: PHOTO_PLACEHOLDERS,
    });
    const res = await other.api.post('/v1/videos', { template_id: tpl.body.id, duration_seconds: 1, fps: 10, modifications: [{ name: 'photo', image_url: `asset://${photoId}` }] });
    const done = await waitForRender(other.api, 'video', res.body.id);
    expect({ status: done.status, code: done.error?.code }).toEqual({ status: 'failed', code: 'asset_unreachable' });
  });

  test.each([
    ['loopback', 'http://127.0.0.1:9/x.png'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data'],
  ])('a private URL (%s) fails the video with ssrf_blocked', async (_name, url) => {
    const done = await renderVideo({ modifications: [{ name: 'photo', image_url: url }] });
    expect({ status: done.status, code: done.error?.code, result_url: done.result_url }).toEqual({ status: 'failed', code: 'ssrf_blocked', result_url: null });
  });

  test('a template that navigates top.location mid-video is stopped before the request leaves', async () => {
    const target = `${fixtures.url}/escape`;
    const tpl = await org.api.post('/v1/templates', {
      name: 'Navigator',
      type: 'video',
      width: W,
      height: H,
      composition_html: `<div>x</div><script>setTimeout(() => { top.location.href = ${JSON.stringify(target)}; }, 300)</script>`,
      canvas_data: { duration_seconds: 1, fps: 10 },
    });
    expect(tpl.status).toBe(201);
    const res = await org.api.post('/v1/videos', { template_id: tpl.body.id });
    const done = await waitForRender(org.api, 'video', res.body.id);
    expect({ status: done.status, code: done.error?.code }).toEqual({ status: 'failed', code: 'template_invalid' });
    expect(done.error.message).toMatch(/navigate/);
    // the allow-listed origin was never asked for the page
    expect(hits.filter((h) => h.startsWith('/escape'))).toEqual([]);
  });
});
