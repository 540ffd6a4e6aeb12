import { compileDesign, designPlaceholders } from '@rp/design';
import { closeTestDb, decodePng, designCorpus, inkIn, newOrg, waitFor, waitForRender, fetchBytes, type TestOrg } from '../support';

// Designed templates through the real API and workers (docs/templates.md "Designed templates"): saving canvas_data
// compiles composition_html and the placeholders, the round trip gives the same bytes, and the corpus reaches the
// engine decisions asserted in the fixture.
jest.setTimeout(8 * 60_000);

describe('designed templates', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await newOrg();
  });
  afterAll(async () => closeTestDb());

  const create = async (name: string, width: number, height: number, canvas_data: object) => {
    const res = await org.api.post('/v1/templates', { name, type: 'image', width, height, canvas_data });
    expect(res.status).toBe(201);
    return res.body;
  };
  const decided = (id: string) =>
    waitFor(async () => {
      const t = (await org.api.get(`/v1/templates/${id}`)).body;
      return t.engine_decision.reason === 'parity_pending' ? null : t.engine_decision;
    }, { timeoutMs: 180_000, everyMs: 500, what: `the engine decision of ${id}` });

  test('the corpus: saved from canvas_data alone, compiled, and decided as asserted', async () => {
    const saved = [];
    for (const t of designCorpus) {
      const body = await create(t.name, t.width, t.height, t.canvas_data);
      expect(body.source).toBe('design');
      expect(body.composition_html).toBe(compileDesign(t.canvas_data));
      expect(body.placeholders).toEqual(designPlaceholders(t.canvas_data.layers).map((p) => ({ ...p, format: null })));
      saved.push({ t, id: body.id as string });
    }
    const decisions = [];
    for (const { t, id } of saved) decisions.push({ name: t.name, ...(await decided(id)) });
    const summary = decisions.map((d) => ({ name: d.name, engine: d.engine, reason: d.reason }));
    expect(summary).toEqual(designCorpus.map((t) => ({ name: t.name, ...t.expected })));
  });

  test('round trip: save, load, compile gives the same bytes; saving the same design again makes no version', async () => {
    const t = designCorpus[1]!;
    const created = await create(`${t.name}-roundtrip`, t.width, t.height, t.canvas_data);
    const loaded = (await org.api.get(`/v1/templates/${created.id}`)).body;
    expect(compileDesign(loaded.canvas_data)).toBe(loaded.composition_html);
    const version = (await org.api.get(`/v1/templates/${created.id}/versions/1`)).body;
    expect(version.source).toBe('design');
    expect(compileDesign(version.canvas_data)).toBe(version.composition_html);
    const again = await org.api.patch(`/v1/templates/${created.id}`, { canvas_data: loaded.canvas_data });
    expect(again.status).toBe(200);
    expect(again.body.current_version).toBe(1);
    // a hand-written template says so, and stays one
    const html = await org.api.post('/v1/templates', { name: 'hand-written', type: 'image', width: 100, height: 100, composition_html: '<p>x</p>' });
    expect(html.body.source).toBe('html');
  });

  test('422 names the field of a bad layer, and HTML sent with a design must be the compiled one', async () => {
    const layers = [0, 1, 2].map((i) => ({ id: `r${i}`, type: 'rect', x: 0, y: 0, width: 10, height: 10 }));
    const bad = await org.api.post('/v1/templates', { name: 'bad', type: 'image', width: 100, height: 100, canvas_data: { layers: [...layers, { id: 'w', type: 'rect', x: 0, y: 0, width: -5, height: 10 }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual(['canvas_data.layers[3].width']);
    const html = await org.api.post('/v1/templates', { name: 'both', type: 'image', width: 100, height: 100, composition_html: '<p>x</p>', canvas_data: { layers } });
    expect(html.status).toBe(422);
    expect(html.body.error.details.map((d: { field: string }) => d.field)).toEqual(['composition_html']);
  });

  test('a </style><script> name renders as text, and an image source goes through the guard of image_url', async () => {
    const doc = {
      background: '#ffffff',
      layers: [
        { id: 'name', type: 'text', x: 20, y: 20, width: 560, height: 80, text: '</style><script>document.body.style.background="red"</script>', font_size: 20, color: '#000000', bindings: { text: 'name' } },
      ],
    };
    const t = await create('escaped', 600, 200, doc);
    expect(t.composition_html).not.toContain('<script');
    const render = await org.api.post('/v1/images', { template_id: t.id, modifications: [{ name: 'name', text: '</style><script>document.body.style.background="red"</script>' }] });
    expect(render.status).toBe(202);
    const done = await waitForRender(org.api, 'image', render.body.id);
    expect(done.status).toBe('completed');
    const png = decodePng((await fetchBytes(done.result_url)).body);
    expect(png.pixel(590, 190)).toEqual([255, 255, 255, 255]); // no script ran: the page stays white
    expect(inkIn(png, { x: 20, y: 20, w: 560, h: 80 }, [255, 255, 255])).toBeGreaterThan(200); // the markup is drawn as text

    const ssrf = await create('private-image', 100, 100, { layers: [{ id: 'p', type: 'image', x: 0, y: 0, width: 100, height: 100, src: 'http://127.0.0.1:9/x.png' }] });
    const preview = await org.api.post('/v1/previews', { template_id: ssrf.id });
    expect(preview.status).toBe(422);
    expect(preview.body.error.code).toBe('ssrf_blocked');
    const file = await org.api.post('/v1/templates', { name: 'file-image', type: 'image', width: 100, height: 100, canvas_data: { layers: [{ id: 'p', type: 'image', x: 0, y: 0, width: 100, height: 100, src: 'file:///etc/passwd' }] } });
    expect(file.status).toBe(422);
    expect(file.body.error.details[0].field).toBe('canvas_data.layers[0].src');
  });
});
