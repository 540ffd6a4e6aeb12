import { closeTestDb, newOrg, type TestOrg } from '../index';

// docs/renders.md "Determinism": the same version and modifications give the same bytes, also for a template with CSS
// animations (captured at time 0 of each), so the render cache and provenance can promise them.
jest.setTimeout(120_000);

const CARD = `<svg width="400" height="200" viewBox="0 0 400 200" xmlns="http://www.w3.org/2000/svg">
<style>
  .sweep { transform-origin: 100px 100px; animation: spin 0.25s linear infinite; }
  .ring { stroke-dasharray: 315; animation: draw 0.4s ease-out infinite; }
  @keyframes spin { to { transform: rotate(360deg); } }
  @keyframes draw { from { stroke-dashoffset: 315; } to { stroke-dashoffset: 0; } }
</style>
<rect width="400" height="200" fill="#0b1020"/>
<rect class="sweep" x="100" y="94" width="70" height="12" fill="#f5b400"/>
<circle class="ring" cx="100" cy="100" r="50" fill="none" stroke="#3d8bfd" stroke-width="8"/>
<text data-placeholder="stars" x="220" y="110" fill="#fff" font-size="32">1,234</text>
</svg>`;

describe('an animated card renders the same bytes every time', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await newOrg();
  });
  afterAll(closeTestDb);

  test('two renders of an animated SVG card have the same sha256', async () => {
    const tpl = await org.api.post('/v1/templates', {
      name: 'stats card', type: 'image', width: 400, height: 200, composition_html: CARD, engine: 'chromium',
      placeholders: [{ name: 'stars', type: 'text', default: '1,234' }],
    });
    expect(tpl.status).toBe(201);
    const render = async () => {
      const res = await org.api.post('/v1/images', { template_id: tpl.body.id, modifications: [{ name: 'stars', text: '2,048' }] }, { prefer: 'wait=60' });
      expect(res.body).toMatchObject({ status: 'completed', cached_from: null });
      return res.body.image_metadata;
    };
    const first = await render();
    const second = await render();
    expect(second.sha256).toBe(first.sha256);
    expect(second.provenance.fingerprint).toBe(first.provenance.fingerprint);
  });
});
