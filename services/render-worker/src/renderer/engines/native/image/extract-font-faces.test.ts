import { extractFontFaces } from './extract-font-faces';

describe('extractFontFaces', () => {
  it('takes @font-face rules out of the stylesheet with family, first src url, weight and style', () => {
    const { rules, rest } = extractFontFaces(
      `@font-face { font-family: "Brand"; src: url(https://assets.render.invalid/x) format('woff2'), url(b.ttf); font-weight: 700; font-style: italic }\nh1{font-family:Brand}`,
    );
    expect(rules).toEqual([{ family: 'Brand', src: 'https://assets.render.invalid/x', weight: 700, style: 'italic' }]);
    expect(rest.trim()).toBe('h1{font-family:Brand}');
  });

  it('keeps a data: URL source whole, semicolons and all, quoted or bare', () => {
    const woff2 = 'data:font/woff2;charset=utf-8;base64,d09GMgABAAAAA;AAAA==';
    for (const src of [`url(${woff2})`, `url("${woff2}") format("woff2")`, `url('${woff2}')`]) {
      const { rules } = extractFontFaces(`@font-face{font-family:Inline;src:${src};font-weight:600}`);
      expect(rules).toEqual([{ family: 'Inline', src: woff2, weight: 600 }]);
    }
  });

  it('drops a rule without family or src, as a browser does', () => {
    expect(extractFontFaces('@font-face{src:url(a.ttf)} @font-face{font-family:X}').rules).toEqual([]);
  });
});
