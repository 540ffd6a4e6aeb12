import { compileLayers } from './compile-layer';
import type { Layer } from './design-types';
import { QrCapacityError, qrSvg } from './qr-svg';

const style = { level: 'M', color: '#112233', background: '#ffeedd', margin: 4 } as const;

describe('qrSvg', () => {
  it('draws the smallest code holding the text: a background square and the dark modules as one path, in the quiet zone', () => {
    const svg = qrSvg('hello', style);
    // version 1 is 21 modules; with 4 on each side, 29
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 29 29" width="100%" height="100%" preserveAspectRatio="xMidYMid meet" shape-rendering="crispEdges" style="display:block"><rect width="29" height="29" fill="#ffeedd"\/><path fill="#112233" d="M4 4h7v1h-7z/);
    // the top-left finder's first row starts at the quiet zone's edge and is 7 modules long
    expect(qrSvg('hello', { ...style, margin: 0 })).toContain('d="M0 0h7v1h-7z');
    expect(qrSvg('hello', { ...style, background: null })).not.toContain('<rect');
    expect(qrSvg('x'.repeat(100), style)).toMatch(/viewBox="0 0 49 49"/); // 100 bytes at M: version 6, 41 modules
  });

  it('refuses a text no code at its level holds', () => {
    // version 40 holds 2953 bytes at L, 1273 at H
    expect(() => qrSvg('x'.repeat(2953), { ...style, level: 'L' })).not.toThrow();
    expect(() => qrSvg('x'.repeat(2954), { ...style, level: 'L' })).toThrow(QrCapacityError);
    expect(() => qrSvg('x'.repeat(1273), { ...style, level: 'H' })).not.toThrow();
    expect(() => qrSvg('é'.repeat(637), { ...style, level: 'H' })).toThrow('(1274 UTF-8 bytes)');
  });

  it('a qr layer: its box around the SVG, bound by data-placeholder, drawn again per render from data-design-content', () => {
    const l = { id: 'q', type: 'qr', x: 1, y: 2, width: 90, height: 90, value: 'hello', color: '#112233', background: '#ffeedd', bindings: { value: 'url' } } as Layer;
    expect(compileLayers([l])).toBe(
      '<div id="l-q" data-placeholder="url" data-design-content="{&quot;qr&quot;:{&quot;level&quot;:&quot;M&quot;,&quot;color&quot;:&quot;#112233&quot;,&quot;background&quot;:&quot;#ffeedd&quot;,&quot;margin&quot;:4}}" ' +
        `style="position:absolute;left:1px;top:2px;width:90px;height:90px;box-sizing:border-box">${qrSvg('hello', style)}</div>`,
    );
  });
});
