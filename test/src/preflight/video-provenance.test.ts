import { closeTestDb, newOrg, type TestOrg } from '../index';

// A video records what made it too: the template version, the bound document, Chromium, ffmpeg and the font packages.
describe('video provenance', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await newOrg();
  });
  afterAll(closeTestDb);

  test('video_metadata.provenance names ffmpeg and Chromium, and equal inputs fingerprint equally', async () => {
    const tpl = await org.api.post('/v1/templates', {
      name: 'Tiny clip',
      type: 'video',
      format: 'mp4',
      // Chromium's provenance is what this checks: with `auto` the parity check could decide native between the renders
      engine: 'chromium',
      width: 64,
      height: 64,
      composition_html: '<div data-placeholder="t" style="width:64px;height:64px;background:#f00">x</div>',
      placeholders: [{ name: 't', type: 'text', default: 'x' }],
      canvas_data: { duration_seconds: 0.5, fps: 10 },
    });
    expect(tpl.status).toBe(201);
    const render = async () => {
      const res = await org.api.post('/v1/videos', { template_id: tpl.body.id, modifications: [{ name: 't', text: 'y' }] }, { prefer: 'wait=60' });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('completed');
      return res.body.video_metadata.provenance;
    };
    const a = await render();
    expect(a).toMatchObject({ template_id: tpl.body.id, template_version: 1, engine: 'chromium', assets: [] });
    expect(a.ffmpeg_version).toMatch(/\d/);
    expect(a.chromium_version).toMatch(/^\d+\./);
    expect(a.fonts['fonts-liberation']).toMatch(/\d/);
    expect((await render()).fingerprint).toBe(a.fingerprint);
  });
});
