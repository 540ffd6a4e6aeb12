import { expandFont, expandFontInCss, expandFontInStyle } from './expand-font-shorthand';

describe('expandFont', () => {
  it('reads weight, size and family, resetting style and line-height', () => {
    expect(expandFont('bold 80px sans-serif')).toEqual({
      'font-style': 'normal', 'font-weight': 'bold', 'font-size': '80px', 'line-height': 'normal', 'font-family': 'sans-serif',
    });
  });

  it('reads style, numeric weight, line-height and a quoted family list', () => {
    expect(expandFont(`italic 700 20px/1.4 'Liberation Sans', "DejaVu Sans", sans-serif`)).toEqual({
      'font-style': 'italic', 'font-weight': '700', 'font-size': '20px', 'line-height': '1.4', 'font-family': `'Liberation Sans', "DejaVu Sans", sans-serif`,
    });
    expect(expandFont('16px / 24px serif')).toMatchObject({ 'font-size': '16px', 'line-height': '24px', 'font-family': 'serif' });
  });

  it('leaves system fonts and unreadable values alone', () => {
    expect(expandFont('caption')).toBeNull();
    expect(expandFont('bold sans-serif')).toBeNull();
    expect(expandFont('20px')).toBeNull();
  });
});

describe('expandFontInStyle', () => {
  it('expands in place, so a later longhand still wins', () => {
    expect(expandFontInStyle({ color: 'red', font: 'bold 10px serif', fontSize: '12px' })).toEqual({
      color: 'red', fontStyle: 'normal', fontWeight: 'bold', fontSize: '12px', lineHeight: 'normal', fontFamily: 'serif',
    });
  });
});

describe('expandFontInCss', () => {
  it('rewrites font declarations and keeps !important, leaving font-size and @font-face alone', () => {
    const css = `.a{font:bold 20px sans-serif}.b{color:red; font: 12px/2 serif !important; font-size:3px}`;
    expect(expandFontInCss(css)).toBe(
      '.a{font-style:normal;font-weight:bold;font-size:20px;line-height:normal;font-family:sans-serif}' +
        '.b{color:red; font-style:normal!important;font-weight:normal!important;font-size:12px!important;line-height:2!important;font-family:serif!important; font-size:3px}',
    );
  });
});
