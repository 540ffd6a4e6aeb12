import { closeTestDb, createPromoVideo, decodeFrames, fetchBytes, killAndRestartAll, newOrg, probeVideo, testDb, waitFor, waitForRender, withTempFile, type TestOrg } from '../index';

// A native video whose render worker is SIGKILLed while chunks are being drawn: the chunks in flight are
// retried on the restarted worker, chunks already uploaded are not drawn again, and the video that comes out has
// exactly the frames of a render nobody interrupted (frame times come from the index, so a retried chunk draws the
// same instants).
const W = 640;
const H = 360;
const FPS = 30;
const SECONDS = 20;

describe('render worker killed mid-chunk of a native video', () => {
  let org: TestOrg;
  let templateId: string;
  beforeAll(async () => {
    org = await newOrg();
    templateId = await createPromoVideo(org.api, { width: W, height: H, seconds: SECONDS, fps: FPS });
  });
  afterAll(closeTestDb);

  const frames = async (record: { result_url: string }) => {
    const file = await fetchBytes(record.result_url);
    expect(file.status).toBe(200);
    return withTempFile(file.body, 'mp4', async (path) => {
      expect((await probeVideo(path)).frames).toBe(FPS * SECONDS);
      return decodeFrames(path, W, H);
    });
  };

  test('the video completes once, with the frames of an uninterrupted render', async () => {
    const calm = await waitForRender(org.api, 'video', (await org.api.post('/v1/videos', { template_id: templateId })).body.id, 240_000);
    expect(calm).toMatchObject({ status: 'completed' });
    expect(calm.video_metadata.provenance.engine).toBe('native');

    const created = (await org.api.post('/v1/videos', { template_id: templateId })).body;
    // some frames drawn, not all: chunks are in flight when the worker dies
    await waitFor(
      async () => {
        const p = (await org.api.get(`/v1/videos/${created.id}`)).body.progress;
        return (p?.frames_done ?? 0) > 0 && p.frames_done < FPS * SECONDS;
      },
      { timeoutMs: 120_000, everyMs: 50, what: 'the video part-way through its frames' },
    );
    await killAndRestartAll('render-worker');
    const done = await waitForRender(org.api, 'video', created.id, 300_000);
    expect(done.status).toBe('completed');
    expect((await testDb()('renders').where({ id: done.id }).first()).render_count).toBe(1);

    const [a, b] = [await frames(calm), await frames(done)];
    expect(b).toHaveLength(a.length);
    const differing = a.map((f, i) => (f.equals(b[i]!) ? -1 : i)).filter((i) => i >= 0);
    expect(differing).toEqual([]);
  }, 700_000);
});
