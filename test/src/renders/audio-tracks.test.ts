import { AUDIO_LIMITS } from '@rp/workflow-safe';
import {
  closeTestDb,
  fetchBytes,
  meanVolumeDb,
  newOrg,
  probeAudio,
  probeVideo,
  startFixtureServer,
  toneFile,
  waitForRender,
  withTempFile,
  type FixtureServer,
  type TestOrg,
} from '../index';

// 5 s at 10 fps = 50 frames = two chunks on the test stack: audio is mixed in after they are joined.
const HTML = '<div style="position:absolute;inset:40px;background:#36c;animation:p 1s infinite alternate"></div><style>@keyframes p{to{opacity:.2}}</style>';
const FRAME = 1 / 10;

describe('audio tracks', () => {
  let org: TestOrg;
  let server: FixtureServer;
  let toneAsset: string;
  const files: Record<string, Buffer> = {};
  const template = async (format: string) => {
    const res = await org.api.post('/v1/templates', { name: 'Audio', type: 'video', format, width: 160, height: 90, composition_html: HTML });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const render = async (templateId: string, audio: object) => {
    const res = await org.api.post('/v1/videos', { template_id: templateId, duration_seconds: 5, fps: 10, audio });
    expect(res.status).toBe(202);
    return waitForRender(org.api, 'video', res.body.id, 180_000);
  };

  beforeAll(async () => {
    org = await newOrg();
    files.wav = await toneFile('wav', 1.5);
    files.big = Buffer.alloc(AUDIO_LIMITS.maxBytes + 1024 * 1024, 1);
    server = await startFixtureServer((req, res) => {
      const body = files[String(req.url).slice(1)];
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(body);
    });
    const up = await org.api.post('/v1/assets', files.wav, { 'content-type': 'audio/wav' });
    expect(up.status).toBe(201);
    expect(up.body.content_type).toBe('audio/wav');
    toneAsset = up.body.id;
  });
  afterAll(async () => {
    await server.close();
    await closeTestDb();
  });

  test('mp4 + asset tone from 2 s, looped: AAC for the whole video, silent before start_at, audible after', async () => {
    const done = await render(await template('mp4'), { url: `asset://${toneAsset}`, start_at: 2, loop: true, volume: 0.8 });
    expect(done.error).toBeNull();
    expect(done.audio).toMatchObject({ url: `asset://${toneAsset}`, start_at: 2, loop: true });
    expect(done.video_metadata).toMatchObject({ format: 'mp4', audio: { codec: 'aac', start_at: 2 } });
    const file = await fetchBytes(done.result_url);
    await withTempFile(file.body, 'mp4', async (f) => {
      const video = await probeVideo(f);
      expect(video.frames).toBe(50);
      const audio = await probeAudio(f);
      expect(audio?.codec).toBe('aac');
      expect(Math.abs(audio!.decodedSeconds - 5)).toBeLessThanOrEqual(FRAME);
      expect(await meanVolumeDb(f, 0, 1.9)).toBeLessThan(-60);
      expect(await meanVolumeDb(f, 2.1, 3.4)).toBeGreaterThan(-30);
      // looped: the 1.5 s tone plays again after its first pass ends at 3.5 s
      expect(await meanVolumeDb(f, 3.6, 4.9)).toBeGreaterThan(-30);
    });
  });

  test('webm + URL tone (SSRF-guarded fetch), not looped: Opus for the whole video, silence after the tone', async () => {
    const done = await render(await template('webm'), { url: `${server.url}/wav`, fade_in: 0.2 });
    expect(done.error).toBeNull();
    expect(done.video_metadata).toMatchObject({ format: 'webm', audio: { codec: 'opus' } });
    const file = await fetchBytes(done.result_url);
    await withTempFile(file.body, 'webm', async (f) => {
      const audio = await probeAudio(f);
      expect(audio?.codec).toBe('opus');
      expect(Math.abs(audio!.decodedSeconds - 5)).toBeLessThanOrEqual(FRAME);
      expect(await meanVolumeDb(f, 0.3, 1.4)).toBeGreaterThan(-30);
      expect(await meanVolumeDb(f, 1.7, 4.9)).toBeLessThan(-60);
    });
  });

  test('a private address is refused by the SSRF guard; a file over the cap fails as asset_too_large', async () => {
    const id = await template('mp4');
    const blocked = await render(id, { url: `http://127.0.0.1:${server.port}/wav` });
    expect(blocked).toMatchObject({ status: 'failed', error: { code: 'ssrf_blocked' } });
    const big = await render(id, { url: `${server.url}/big` });
    expect(big).toMatchObject({ status: 'failed', error: { code: 'asset_too_large' } });
  });

  test('bad audio fields answer 422 naming the field', async () => {
    const id = await template('mp4');
    const image = await org.api.post('/v1/assets', Buffer.from('89504e470d0a1a0a', 'hex'), { 'content-type': 'image/png' });
    const cases: [object, string][] = [
      [{ url: 'ftp://example.com/a.mp3' }, 'audio.url'],
      [{ url: 'asset://00000000-0000-4000-8000-000000000000' }, 'audio.url'],
      [{ url: `asset://${toneAsset}`, volume: 3 }, 'audio.volume'],
      [{ url: `asset://${toneAsset}`, start_at: 5 }, 'audio.start_at'],
      [{ url: `asset://${toneAsset}`, fade_out: -1 }, 'audio.fade_out'],
      [{ url: `asset://${toneAsset}`, speed: 2 }, 'audio.speed'],
    ];
    if (image.status === 201) cases.push([{ url: `asset://${image.body.id}` }, 'audio.url']);
    for (const [audio, field] of cases) {
      const res = await org.api.post('/v1/videos', { template_id: id, duration_seconds: 5, audio });
      expect({ audio, status: res.status }).toEqual({ audio, status: 422 });
      expect(res.body.error.details.map((d: any) => d.field)).toContain(field);
    }
  });

  test.each([
    ['mp3', 'audio/mpeg'],
    ['ogg', 'audio/ogg'],
    ['m4a', 'audio/mp4'],
  ] as const)('a %s upload is sniffed as %s', async (ext, type) => {
    const res = await org.api.post('/v1/assets', await toneFile(ext, 0.5), { 'content-type': 'application/octet-stream' });
    expect(res.status).toBe(201);
    expect(res.body.content_type).toBe(type);
  });
});
