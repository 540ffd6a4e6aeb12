import { cssImports } from './css-imports';
import { cssUrls } from './css-urls';
import { rewriteCssUrls } from './rewrite-css-urls';

describe('cssUrls', () => {
  it('reads quoted and bare url() tokens as written, with where each stands', () => {
    const css = `a{background:url("https://x.test/a.png") , url('b.png'), url( c.svg ), URL("")}`;
    const urls = cssUrls(css);
    expect(urls.map((u) => u.url)).toEqual(['https://x.test/a.png', 'b.png', 'c.svg', '']);
    expect(urls.map((u) => css.slice(u.start, u.end))).toEqual(['url("https://x.test/a.png")', "url('b.png')", 'url( c.svg )', 'URL("")']);
  });

  it('keeps data: URLs whole, semicolons, escaped quotes and all', () => {
    expect(cssUrls('a{background-image:url(data:image/png;base64,AAAA)}').map((u) => u.url)).toEqual(['data:image/png;base64,AAAA']);
    expect(cssUrls(String.raw`a{background:url("x\"y.png")}`).map((u) => u.url)).toEqual([String.raw`x\"y.png`]);
  });

  it('finds none in a stylesheet without url()', () => {
    expect(cssUrls('a{color:red}')).toEqual([]);
  });
});

describe('rewriteCssUrls', () => {
  it('replaces each token by what the function answers, and keeps the rest of the text', () => {
    const css = `a{background:#fff url("") no-repeat}b{background:url(x.png)}`;
    expect(rewriteCssUrls(css, (url, token) => (url ? token : 'none'))).toBe('a{background:#fff none no-repeat}b{background:url(x.png)}');
    expect(rewriteCssUrls(css, (url) => `url(/${url || 'empty'})`)).toBe('a{background:#fff url(/empty) no-repeat}b{background:url(/x.png)}');
  });
});

describe('cssImports', () => {
  it('reads every form of @import with the statement it spans', () => {
    const css = `@import url("a.css") screen;@import 'b.css';@import url(c.css);\n@import "d.css" layer(x);p{}`;
    const imports = cssImports(css);
    expect(imports.map((i) => i.url)).toEqual(['a.css', 'b.css', 'c.css', 'd.css']);
    expect(css.slice(imports[3]!.start, imports[3]!.end)).toBe('@import "d.css" layer(x);');
  });
});
