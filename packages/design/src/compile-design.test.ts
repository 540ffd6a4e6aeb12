import { COMPILED_MARK, compileDesign } from './compile-design';
import { compileLayers } from './compile-layer';
import type { DesignDocument, Layer } from './design-types';

const box = { x: 10, y: 20, width: 300, height: 100 };
const BOX = 'position:absolute;left:10px;top:20px;width:300px;height:100px;box-sizing:border-box';
const one = (l: Partial<Layer> & { type: Layer['type'] }) => compileLayers([{ id: 'a', ...box, ...l } as Layer]);

// Golden HTML: each layer type and each option, byte for byte.
describe('compileLayers', () => {
  it('text with defaults', () => {
    expect(one({ type: 'text', text: 'Hi' })).toBe(
      `<div id="l-a" style="${BOX};display:flex;flex-direction:column;justify-content:flex-start;color:#000000">` +
        `<div style="max-height:100%;overflow:hidden;font-family:'DejaVu Sans',sans-serif;font-size:32px;font-weight:400;line-height:1.2;text-align:left;overflow-wrap:break-word">Hi</div></div>`,
    );
  });

  it('a text layer without text (the schema leaves it optional) compiles to an empty box', () => {
    const layer = { id: 't', type: 'text', x: 0, y: 0, width: 5e-324, height: 5e-324 } as unknown as Layer;
    expect(compileLayers([layer])).toContain('></div></div>');
  });
  it('a qr layer without a value compiles', () => {
    const layer = { id: 'q', type: 'qr', x: 0, y: 0, width: 100, height: 100 } as unknown as Layer;
    expect(compileLayers([layer])).toContain('id="l-q"');
  });
  it('text with every style option', () => {
    const html = one({
      type: 'text', text: 'Hi', font_family: 'Brand Sans', font_weight: 700, font_style: 'italic', font_size: 48.333,
      color: 'rgb(1, 2, 3)', align: 'center', vertical_align: 'middle', line_height: 1.5, letter_spacing: 2,
      transform: 'uppercase', shadow: { x: 1, y: 2, blur: 3, color: '#00000080' }, rotation: 12.5, opacity: 0.5,
    } as Partial<Layer> & { type: 'text' });
    expect(html).toBe(
      `<div id="l-a" style="${BOX};transform:rotate(12.5deg);opacity:0.5;display:flex;flex-direction:column;justify-content:center;color:rgb(1, 2, 3)">` +
        `<div style="max-height:100%;overflow:hidden;font-family:'Brand Sans',sans-serif;font-size:48.33px;font-weight:700;font-style:italic;line-height:1.5;letter-spacing:2px;text-align:center;text-transform:uppercase;text-shadow:1px 2px 3px #00000080;overflow-wrap:break-word">Hi</div></div>`,
    );
  });

  it('text overflow: fit, ellipsis, clip', () => {
    expect(one({ type: 'text', text: 'x', vertical_align: 'bottom', overflow: { mode: 'fit', min_size: 12 } } as never)).toContain(
      'justify-content:flex-end;color:#000000"><div data-fit="shrink" data-fit-min="12" style="max-height:100%;overflow:hidden;',
    );
    expect(one({ type: 'text', text: 'x', overflow: { mode: 'ellipsis' } } as never)).toContain(
      'text-align:left;white-space:nowrap;text-overflow:ellipsis">x</div>',
    );
    expect(one({ type: 'text', text: 'x', overflow: { mode: 'clip' } } as never)).toBe(one({ type: 'text', text: 'x' } as never));
  });

  it('text bindings: the text on the inner block, the colour on the outer box', () => {
    expect(one({ type: 'text', text: 'Anna', bindings: { text: 'name', color: 'ink' } } as never)).toMatch(
      /^<div id="l-a" data-placeholder="ink" data-placeholder-prop="color" style="[^"]*"><div data-placeholder="name" style="[^"]*">Anna<\/div><\/div>$/,
    );
  });

  it('text is escaped and newlines break lines: a </style><script> name renders as text', () => {
    const html = one({ type: 'text', text: '</style><script>alert(1)</script>\n& "x"' } as never);
    expect(html).toContain('>&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;<br>&amp; &quot;x&quot;</div>');
    expect(html).not.toContain('<script');
  });

  it('image: fit, focal point, corner radius, binding', () => {
    expect(one({ type: 'image', src: 'asset://0b6c1f1e-8f7a-4b8e-9a53-1d2c3b4a5f60' } as never)).toBe(
      `<img id="l-a" src="asset://0b6c1f1e-8f7a-4b8e-9a53-1d2c3b4a5f60" alt="" style="${BOX};display:block;object-fit:cover;object-position:50% 50%">`,
    );
    expect(one({ type: 'image', src: null, fit: 'contain', focal: { x: 0.25, y: 1 }, corner_radius: 50, bindings: { src: 'photo' } } as never)).toBe(
      `<img id="l-a" data-placeholder="photo" alt="" style="${BOX};display:block;object-fit:contain;object-position:25% 100%;border-radius:50px">`,
    );
    expect(one({ type: 'image', src: 'https://x.test/a.png?a=1&b="2"', fit: 'fill' } as never)).toContain('src="https://x.test/a.png?a=1&amp;b=&quot;2&quot;"');
  });

  it('rect and ellipse: fill, gradient, stroke, corner radius, fill binding', () => {
    expect(one({ type: 'rect', fill: '#ff0000', corner_radius: 8 } as never)).toBe(`<div id="l-a" style="${BOX};background:#ff0000;border-radius:8px"></div>`);
    expect(one({ type: 'ellipse', fill: null, stroke: { color: 'navy', width: 4 } } as never)).toBe(
      `<div id="l-a" style="${BOX};border:4px solid navy;border-radius:50%"></div>`,
    );
    const grad = { type: 'linear', angle: 135, stops: [{ offset: 1, color: '#0000ff' }, { offset: 0, color: '#ff0000' }] };
    expect(one({ type: 'rect', fill: grad, bindings: { fill: 'accent' } } as never)).toBe(
      `<div id="l-a" data-placeholder="accent" data-placeholder-prop="background" style="${BOX};background:linear-gradient(135deg,#ff0000 0%,#0000ff 100%)"></div>`,
    );
  });

  it('a colour that could end a declaration is dropped (the compiler floor for unchecked drafts)', () => {
    expect(one({ type: 'rect', fill: 'red;background:url(x)' } as never)).toContain('background:transparent"');
  });

  it('group: children relative to its box, rotated and faded with it', () => {
    const group = { type: 'group', rotation: -90, opacity: 0.25, children: [{ id: 'b', type: 'rect', x: 0, y: 0, width: 5, height: 5, fill: 'red' }] };
    expect(one(group as never)).toBe(
      `<div id="l-a" style="${BOX};transform:rotate(-90deg);opacity:0.25">` +
        `<div id="l-b" style="position:absolute;left:0px;top:0px;width:5px;height:5px;box-sizing:border-box;background:red"></div></div>`,
    );
  });

  it('a hidden layer is left out; a locked one is drawn', () => {
    expect(one({ type: 'rect', fill: 'red', visible: false } as never)).toBe('');
    expect(one({ type: 'rect', fill: 'red', locked: true } as never)).toBe(`<div id="l-a" style="${BOX};background:red"></div>`);
  });
});

describe('compileDesign', () => {
  const doc: DesignDocument = {
    background: { type: 'linear', angle: 180, stops: [{ offset: 0, color: '#fff' }, { offset: 1, color: '#000' }] },
    fonts: [{ family: 'Brand', src: 'asset://0b6c1f1e-8f7a-4b8e-9a53-1d2c3b4a5f60', weight: 700 }],
    variants: [{ name: 'story', width: 1080, height: 1920 }],
    layers: [{ id: 't', type: 'text', text: 'Hi', x: 0, y: 0, width: 100, height: 50, variants: { story: { x: 1, y: 2, width: 3, height: 4 } } }],
  };

  it('document: mark, fonts, per-variant boxes, root with the background', () => {
    expect(compileDesign(doc)).toBe(
      [
        COMPILED_MARK,
        '<style>',
        "@font-face{font-family:'Brand';src:url(asset://0b6c1f1e-8f7a-4b8e-9a53-1d2c3b4a5f60);font-weight:700;font-style:normal}",
        '@media (width:1080px) and (height:1920px){#l-t{left:1px!important;top:2px!important;width:3px!important;height:4px!important}}',
        '</style>',
        '<div data-design-root style="position:absolute;left:0;top:0;width:100%;height:100%;overflow:hidden;background:linear-gradient(180deg,#fff 0%,#000 100%)">',
        compileLayers(doc.layers),
        '</div>',
        '',
      ].join('\n'),
    );
  });

  it('no fonts and no variant boxes: no style element', () => {
    expect(compileDesign({ layers: [] })).toBe(`${COMPILED_MARK}\n<div data-design-root style="position:absolute;left:0;top:0;width:100%;height:100%;overflow:hidden">\n\n</div>\n`);
  });

  it('is deterministic: the same document (keys in another order) compiles to the same bytes', () => {
    const shuffled = JSON.parse(JSON.stringify({ layers: doc.layers, variants: doc.variants, fonts: doc.fonts, background: doc.background }));
    expect(compileDesign(shuffled)).toBe(compileDesign(doc));
  });
});
