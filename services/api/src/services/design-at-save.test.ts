import { compileDesign } from '@rp/design';
import { withUnitApi } from '../testing';
import { designAtSave } from './design-at-save';

const at = { x: 0, y: 0, width: 100, height: 40 };
const layers = [
  { id: 'bg', type: 'rect', ...at, fill: '#123456' },
  { id: 'name', type: 'text', ...at, text: 'Anna', bindings: { text: 'name' } },
];

describe('design document at save', () => {
  it('compiles the HTML and derives the placeholders', () => {
    const content = { type: 'image', canvas_data: { layers }, placeholders: [] } as Parameters<typeof designAtSave>[0];
    expect(designAtSave(content, {})).toEqual([]);
    expect(content.composition_html).toBe(compileDesign({ layers } as never));
    expect(content.placeholders).toEqual([{ name: 'name', type: 'text', default: 'Anna', format: null }]);
  });

  it('names each problem the schema cannot see', () => {
    const bad = {
      background: 'url(x)',
      variants: [{ name: 'story', width: 100, height: 200 }],
      layers: [
        { id: 'a', type: 'rect', ...at, fill: { type: 'linear', angle: 0, stops: [{ offset: 0, color: 'red' }, { offset: 1, color: 'nope(' }] }, variants: { square: at } },
        { id: 'a', type: 'image', ...at, src: 'http://127.0.0.1:1/x.png', bindings: { src: 'name' } },
        { id: 'g', type: 'group', ...at, children: [{ id: 'c', type: 'image', ...at, src: 'file:///etc/passwd' }] },
        { id: 't', type: 'text', ...at, text: 'x', font_size: 20, overflow: { mode: 'fit', min_size: 30 }, bindings: { text: 'name' } },
      ],
    };
    const problems = designAtSave({ type: 'image', canvas_data: bad, placeholders: [] }, {});
    expect(problems.map((p) => p.field)).toEqual([
      'canvas_data.background',
      'canvas_data.layers[0].variants.square',
      'canvas_data.layers[0].fill.stops[1].color',
      'canvas_data.layers[2].children[0].src',
      'canvas_data.layers[3].overflow.min_size',
      'canvas_data.layers[1].id',
      'canvas_data.layers[3].bindings.text',
    ]);
  });

  it('refuses HTML or placeholders that differ from the compiled ones; hand-written HTML needs no design', () => {
    const content = () => ({ type: 'image', canvas_data: { layers }, placeholders: [] });
    expect(designAtSave(content(), { composition_html: '<p>x</p>' }).map((p) => p.field)).toEqual(['composition_html']);
    expect(designAtSave(content(), { placeholders: [{ name: 'other', type: 'text' }] }).map((p) => p.field)).toEqual(['placeholders']);
    expect(designAtSave(content(), { composition_html: compileDesign({ layers } as never) })).toEqual([]);
    expect(designAtSave({ type: 'image', canvas_data: {}, composition_html: '<p>x</p>', placeholders: [] }, {})).toEqual([]);
    expect(designAtSave({ type: 'image', canvas_data: {}, placeholders: [] }, {}).map((p) => p.field)).toEqual(['composition_html']);
  });

  it('the route names the field of a bad layer: canvas_data.layers[3].width', async () => {
    await withUnitApi({}, async (request) => {
      const body = {
        name: 'Designed', type: 'image', width: 400, height: 300,
        canvas_data: {
          layers: [
            ...layers,
            { id: 'g', type: 'group', ...at, children: [{ id: 'c', type: 'ellipse', ...at, opacity: 2 }] },
            { id: 'w', type: 'image', ...at, width: 0 },
            { id: 'k', type: 'star', ...at },
            { id: 'e', type: 'text', ...at, text: 'x', overflow: { mode: 'wrap' }, extra: 1 },
          ],
        },
      };
      const res = await request('POST', '/v1/templates', { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(422);
      const fields = res.body.error.details.map((d: { field: string }) => d.field);
      expect(fields).toEqual(expect.arrayContaining([
        'canvas_data.layers[2].children[0].opacity',
        'canvas_data.layers[3].width',
        'canvas_data.layers[4].type',
        'canvas_data.layers[5].overflow.mode',
        'canvas_data.layers[5].extra',
      ]));
    });
  });
});
