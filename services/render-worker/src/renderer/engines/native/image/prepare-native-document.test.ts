import { prepareNativeDocument, MAX_NATIVE_NODES } from './prepare-native-document';
import { RenderFailure } from '../../../types';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as RenderFailure).code;
  }
  return null;
};

describe('prepareNativeDocument', () => {
  it('ignores satori\'s `tw` attribute as a browser does (takumi would apply its Tailwind classes)', () => {
    const doc = prepareNativeDocument('<div tw="flex bg-blue-500 p-8" style="color:red">x</div>');
    const json = JSON.stringify(doc.node);
    expect(json).not.toContain('"tw"');
    expect(json).not.toContain('bg-blue-500');
    expect(json).toContain('"color":"red"');
  });

  it('leaves out `dir="auto"` (the gate passed its text as left to right; takumi fails on it), and keeps `dir="ltr"`', () => {
    const json = JSON.stringify(prepareNativeDocument('<table dir="auto"><tr><td dir="AUTO">x</td></tr></table><p dir="ltr">y</p>').node);
    expect(json).not.toMatch(/"dir":"auto"/i);
    expect(json).toContain('"dir":"ltr"');
  });

  it('keeps the text before an HTML comment (takumi\'s converter dropped it), and the element after it', () => {
    const doc = prepareNativeDocument('<p>Have questions or need assistance?<!-- --> <a href="/support">Contact Support</a></p>');
    const json = JSON.stringify(doc.node);
    expect(json).toContain('Have questions or need assistance? ');
    expect(json).toContain('Contact Support');
    expect(json).not.toContain('<!--');
  });

  it('drops the white space that starts a line after <br> (takumi drew it as an indent), unless white space is kept', () => {
    const texts = (html: string) => JSON.stringify(prepareNativeDocument(html).node).match(/"text":"[^"]*"/g);
    expect(texts('<td>Invoice #: 123<br />\n      Created: January 1<br><!-- x -->\n  Due</td>')).toEqual(['"text":"Invoice #: 123"', '"text":"\\n"', '"text":"Created: January 1"', '"text":"\\n"', '"text":"Due"']);
    expect(texts('<pre>a<br>\n  b</pre>')).toContain('"text":"\\n  b"');
    expect(texts('<style>.x{white-space:pre-line}</style><p class="x">a<br>\n  b</p>')).toContain('"text":"\\n  b"');
  });

  it("computes rem in math functions at Chromium's 16 px while nothing sets the root's font size, and leaves them where a rule may", () => {
    const canvas = { width: 600, height: 400 };
    const html = '<style>.a{width:clamp(10rem,10vw,20rem)}</style><div class="a" style="font-size:16px;font-size:1rem;font-size:max(18px,1rem)">x</div>';
    expect(JSON.stringify(prepareNativeDocument(html, canvas).node)).toContain('"fontSize":"18px"');
    expect(prepareNativeDocument(html, canvas).css.join('')).toContain('width:160px');
    const rooted = prepareNativeDocument(`<style>html{font-size:20px}</style>${html}`, canvas);
    expect(JSON.stringify(rooted.node)).toContain('max(18px,1rem)');
    expect(rooted.css.join('')).toContain('clamp(10rem,10vw,20rem)');
  });

  it('ignores url("") as a browser does: nothing to fetch, the rest of the declaration kept', () => {
    const doc = prepareNativeDocument(`<style>body{background:#fbf8f1 url("") no-repeat}</style><div style="background-image:url('')">x</div>`);
    expect(doc.imageUrls).toEqual([]);
    expect(doc.css.join('')).toContain('background:#fbf8f1 none no-repeat');
    expect(JSON.stringify(doc.node)).not.toContain('url(');
  });

  it('draws CSS as the static gate judged it: aliases read, overridden and foreign declarations gone, the clamp idiom, print rules', () => {
    const doc = prepareNativeDocument(
      `<style>@page{margin:0}@media print{.t{color:red}}
        @-webkit-keyframes m{from{-webkit-transform:scale(0)}to{-webkit-transform:scale(1)}}
        .t{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;-webkit-animation:m 1s}</style>
        <p class="t">x</p><div style="display:-webkit-box;display:-ms-flexbox;display:flex;-webkit-filter:blur(1px)">y</div>`,
    );
    const css = doc.css.join('').replace(/\s+/g, '');
    expect(css).toContain('@keyframesm{from{transform:scale(0)}to{transform:scale(1)}}');
    expect(css).toContain('.t{display:block;overflow:hidden;animation:m1s;line-clamp:2}');
    expect(css).not.toMatch(/@page|@media|webkit/);
    const json = JSON.stringify(doc.node);
    expect(json).toContain('"display":"flex"');
    expect(json).toContain('"filter":"blur(1px)"');
    expect(json).not.toContain('webkit');
  });

  it('gives takumi the installed faces Chromium draws for each font-family list', () => {
    const doc = prepareNativeDocument(
      `<style>@font-face{font-family:Brand;src:url(asset://00000000-0000-0000-0000-000000000000)}
        h1{font-family:Inter, Arial, sans-serif}.b{font:700 20px Brand, Helvetica}</style>
        <h1>x</h1><p class="b">y</p><p style="font-family:'Times New Roman'">z</p>`,
    );
    const css = doc.css.join('');
    expect(css).toContain("font-family:'Liberation Sans', 'Liberation Serif'");
    expect(css).toContain("font-family:'Brand', 'Liberation Sans', 'Liberation Serif'");
    expect(JSON.stringify(doc.node)).toContain(`"fontFamily":"'Liberation Serif'"`);
  });

  it('reads unquoted attributes and implied end tags as a browser does (parse5 before fromHtml)', () => {
    const doc = prepareNativeDocument('<div class=a style="width:10px"><p>one<p>two</div>');
    const json = JSON.stringify(doc.node);
    expect(json).toContain('"className":"a"');
    expect(json).toContain('"width":"10px"');
    expect(json.match(/"tagName":"p"/g)).toHaveLength(2);
  });

  it('lists every image URL to fetch (img src, inline style, stylesheet) but not data: URLs', () => {
    const doc = prepareNativeDocument(
      '<style>.b{background-image:url("https://x.test/bg.png")}</style>' +
        '<img src="https://x.test/a.png"><div style="background:url(file:///etc/passwd)"></div><img src="data:image/png;base64,AA"><div class="b"></div>',
    );
    expect(doc.imageUrls.sort()).toEqual(['file:///etc/passwd', 'https://x.test/a.png', 'https://x.test/bg.png']);
  });

  it('takes @font-face out of the stylesheets and lists its source', () => {
    const doc = prepareNativeDocument('<style>@font-face{font-family:Brand;src:url(https://assets.render.invalid/f)} h1{font-family:Brand}</style><h1>x</h1>');
    expect(doc.fontFaces).toEqual([{ family: 'Brand', src: 'https://assets.render.invalid/f' }]);
    expect(doc.css.join('')).not.toContain('@font-face');
  });

  it('expands the font shorthand takumi ignores, inline and in stylesheets', () => {
    const doc = prepareNativeDocument('<style>.a{font:bold 20px sans-serif}</style><div style="font:italic 10px serif">x</div>');
    expect(JSON.stringify(doc.node)).toContain('"fontStyle":"italic","fontWeight":"normal","fontSize":"10px","lineHeight":"normal","fontFamily":"\'Liberation Serif\'"');
    expect(doc.css.join('')).toContain('.a{font-style:normal;font-weight:bold;font-size:20px;line-height:normal;font-family:\'Liberation Sans\', \'Liberation Serif\'}');
  });

  it('finds the shrink-to-fit elements by path', () => {
    const doc = prepareNativeDocument('<div><span data-fit="shrink">a</span></div>');
    expect(doc.fitPaths).toHaveLength(1);
  });

  it(`refuses more than ${MAX_NATIVE_NODES} elements, or elements and text runs, with template_too_complex`, () => {
    expect(codeOf(() => prepareNativeDocument('<div></div>'.repeat(MAX_NATIVE_NODES + 1)))).toBe('template_too_complex');
    expect(codeOf(() => prepareNativeDocument('<b>x</b> '.repeat(MAX_NATIVE_NODES / 2 + 1)))).toBe('template_too_complex');
    expect(codeOf(() => prepareNativeDocument('<b>x</b>'.repeat(MAX_NATIVE_NODES / 4)))).toBeNull();
  });

  it('an <img> without a source keeps its box and draws nothing, as in Chromium', () => {
    const doc = prepareNativeDocument('<img alt="x" style="width:10px"><img src="" style="width:20px">');
    expect(JSON.stringify(doc.node).match(/"type":"image","src":"data:image\/gif;base64,/g)).toHaveLength(2);
    expect(doc.imageUrls).toEqual([]);
  });
});
