import { compileDesign } from '@rp/design';
import { staticGate } from '@rp/engine-gate';
import { withUnitApi } from '../testing';
import { designAtSave } from './design-at-save';

// A designed video's motion and QR layers at save: compiled into the HTML, or refused naming the field.
const at = { x: 10, y: 10, width: 200, height: 80 };
const slide = { preset: 'slide', side: 'left', start_ms: 500, duration_ms: 600, easing: 'ease-out' };
const video = (layers: unknown[], extra: object = {}) => ({ type: 'video', canvas_data: { duration_seconds: 5, ...extra, layers }, placeholders: [] });
const fields = (content: ReturnType<typeof video>) => designAtSave(content as never, {}).map((p) => p.field);

describe('a designed video at save', () => {
  it('compiles enter, exit, keyframes and a bound QR code into HTML the video gate passes', () => {
    const content = video([
      { id: 'title', type: 'text', ...at, text: 'Hello', enter: slide, exit: { preset: 'fade', start_ms: 4000, duration_ms: 500 } },
      { id: 'dot', type: 'ellipse', ...at, fill: '#f00', keyframes: { x: [{ t_ms: 0, value: 0 }, { t_ms: 2000, value: 300, easing: [0.4, 0, 0.2, 1] }], fill: [{ t_ms: 0, value: '#f00' }, { t_ms: 1000, value: '#00f' }] } },
      { id: 'code', type: 'qr', ...at, value: 'https://example.test/a', error_correction: 'H', bindings: { value: 'url' } },
    ]);
    expect(designAtSave(content as never, {})).toEqual([]);
    const html = (content as { composition_html?: string }).composition_html!;
    expect(html).toBe(compileDesign(content.canvas_data as never));
    expect(html).toContain('@keyframes k-title-enter{from{translate:-200px 0px}to{translate:0px 0px}}');
    expect(html).toContain('<svg');
    expect(content.placeholders).toEqual([{ name: 'url', type: 'text', default: 'https://example.test/a', format: null }]);
    expect(staticGate({ type: 'video', format: 'mp4', composition_html: html, placeholders: content.placeholders })).toBeNull();
  });

  it('refuses what the measured animation table does not hold, naming the field that chose it', () => {
    expect(fields(video([
      { id: 'a', type: 'rect', ...at, enter: { preset: 'wipe', start_ms: 0, duration_ms: 500 } },
      { id: 'b', type: 'rect', ...at, exit: { preset: 'fade', start_ms: 0, duration_ms: 500, easing: 'step-start' } },
    ]))).toEqual(['canvas_data.layers[0].enter.preset', 'canvas_data.layers[1].exit.easing']);
  });

  it('refuses motion off the timeline, out of order, colliding, or on an image template', () => {
    const tracks = { opacity: [{ t_ms: 0, value: 0 }, { t_ms: 0, value: 1 }], x: [{ t_ms: 0, value: 0 }, { t_ms: 9000, value: 1 }] };
    expect(fields(video([
      { id: 'a', type: 'rect', ...at, enter: { preset: 'fade', start_ms: 4800, duration_ms: 500 } },
      { id: 'b', type: 'rect', ...at, enter: { ...slide, start_ms: 1000 }, exit: { preset: 'fade', start_ms: 1200, duration_ms: 100 } },
      { id: 'c', type: 'rect', ...at, keyframes: tracks, exit: { preset: 'fade', start_ms: 3000, duration_ms: 100 } },
      { id: 'd', type: 'rect', ...at, fill: { type: 'linear', angle: 0, stops: [{ offset: 0, color: 'red' }, { offset: 1, color: 'blue' }] }, keyframes: { fill: [{ t_ms: 0, value: 'red' }, { t_ms: 1, value: 'blue' }] } },
      { id: 'e', type: 'rect', ...at, enter: { preset: 'fade', start_ms: 0, duration_ms: 100, easing: [2, 0, 0, 1] } },
    ]))).toEqual([
      'canvas_data.layers[0].enter.duration_ms',
      'canvas_data.layers[1].exit.start_ms',
      'canvas_data.layers[2].keyframes.opacity[1].t_ms',
      'canvas_data.layers[2].keyframes.x[1].t_ms',
      'canvas_data.layers[2].exit',
      'canvas_data.layers[3].keyframes.fill',
      'canvas_data.layers[4].enter.easing',
    ]);
    expect(designAtSave({ ...video([{ id: 'a', type: 'rect', ...at, enter: slide }]), type: 'image' } as never, {}).map((p) => p.field)).toEqual(['canvas_data.layers[0].enter']);
  });

  it('refuses a QR value no QR code holds and colours that are not colours', () => {
    expect(fields(video([{ id: 'q', type: 'qr', ...at, value: 'x'.repeat(1300), error_correction: 'H', color: 'nope(', background: null }]))).toEqual([
      'canvas_data.layers[0].color',
      'canvas_data.layers[0].value',
    ]);
  });

  it('the route answers 422 naming the field the schema refuses', async () => {
    await withUnitApi({}, async (request) => {
      const body = {
        name: 'Promo', type: 'video', width: 640, height: 360,
        canvas_data: video([
          { id: 'i', type: 'image', ...at, src: null, enter: { preset: 'typewriter', start_ms: 0, duration_ms: 100 } },
          { id: 't', type: 'text', ...at, text: 'x', keyframes: { fill: [{ t_ms: 0, value: 'red' }, { t_ms: 1, value: 'blue' }] } },
          { id: 'q', type: 'qr', ...at, value: 'x', error_correction: 'X' },
          { id: 'r', type: 'rect', ...at, keyframes: { x: [{ t_ms: 0, value: 0 }] }, enter: { preset: 'fade', start_ms: -1, duration_ms: 0 } },
        ]).canvas_data,
      };
      const res = await request('POST', '/v1/templates', { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(422);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining([
        'canvas_data.layers[0].enter.preset',
        'canvas_data.layers[1].keyframes.fill',
        'canvas_data.layers[2].error_correction',
        'canvas_data.layers[3].keyframes.x',
        'canvas_data.layers[3].enter.start_ms',
        'canvas_data.layers[3].enter.duration_ms',
      ]));
    });
  });
});
