import { closeTestDb, fetchBytes, newOrg, type TestOrg } from '../index';
import { probeVideo, withTempFile } from '@rp/test-kit';

// A video carries warnings too, read from its bound document laid out at the video's size (its first frame): a name
// that overflows its box is text_overflow, one that fits gives none. The file is decoded to show the render went on.
describe('video warnings', () => {
  let org: TestOrg;
  let templateId: string;
  beforeAll(async () => {
    org = await newOrg();
    const tpl = await org.api.post('/v1/templates', {
      name: 'Name clip',
      type: 'video',
      format: 'mp4',
      width: 160,
      height: 64,
      composition_html: `<div data-placeholder="name" style="width:120px;height:40px;font:bold 30px 'DejaVu Sans',sans-serif;white-space:nowrap;background:#fff;color:#000">x</div>`,
      placeholders: [{ name: 'name', type: 'text', default: 'x' }],
      canvas_data: { duration_seconds: 0.5, fps: 10 },
    });
    expect(tpl.status).toBe(201);
    templateId = tpl.body.id;
  });
  afterAll(closeTestDb);

  const render = async (text: string) => {
    const res = await org.api.post('/v1/videos', { template_id: templateId, modifications: [{ name: 'name', text }] }, { prefer: 'wait=60' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');
    const probe = await withTempFile((await fetchBytes(res.body.result_url)).body, 'mp4', probeVideo);
    expect(probe).toMatchObject({ width: 160, height: 64, frames: 5 });
    return res.body;
  };

  test('an overflowing name is text_overflow on the video, a fitting one has none', async () => {
    const long = await render('Anna-Katharina Lindqvist');
    expect(long.warnings.map((w: { code: string; placeholder: string }) => `${w.code}:${w.placeholder}`)).toEqual(['text_overflow:name']);
    // served once, at the top level, as an image's are
    expect(long.video_metadata.warnings).toBeUndefined();
    const fitting = await render('Al');
    expect(fitting.warnings).toEqual([]);
    const read = await org.api.get(`/v1/videos/${long.id}`);
    expect(read.body.warnings).toEqual(long.warnings);
  });
});
