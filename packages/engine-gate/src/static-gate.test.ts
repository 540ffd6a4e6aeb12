import type { PinnedResource } from '@rp/workflow-safe';
import { staticGate, type GateInput } from './static-gate';
import { fontFamilies } from './css-findings';

const image = (html: string, extra: Partial<GateInput> = {}): GateInput => ({
  type: 'image',
  format: 'png',
  composition_html: html,
  placeholders: [],
  ...extra,
});

const font = (url: string): PinnedResource => ({
  url, kind: 'font', status: 'pinned', asset_key: 'orgs/o/pinned/x', sha256: 'x', bytes: 1, content_type: 'font/woff2', error: null, gate: null,
});

describe('staticGate', () => {
  it('passes a plain card (flex, gradient, shadow, radius, transform, installed fonts)', () => {
    const html = `<style>body{font-family:'DejaVu Sans',sans-serif;background:linear-gradient(160deg,#1d2b64,#12162f)}
      .c{display:flex;flex-direction:column;gap:20px;box-shadow:0 20px 60px #0008;border-radius:32px;transform:rotate(-8deg)}
      .b{letter-spacing:6px;text-transform:uppercase;opacity:.7;--accent:#e94560}</style>
      <div class="c"><h1 data-placeholder="t">Hi</h1><img src="asset://00000000-0000-0000-0000-000000000000" style="object-fit:cover;width:200px"></div>`;
    expect(staticGate(image(html))).toBeNull();
  });

  it('sends PDF templates to Chromium', () => {
    expect(staticGate(image('<p>x</p>', { format: 'pdf' }))).toBe('pdf_output');
  });

  it.each([
    ['<script>document.body.append("x")</script><p>x</p>'],
    ['<p onclick="alert(1)">x</p>'],
    ['<img src="x.png" onerror="fetch(1)">'],
    ['<a href="javascript:alert(1)">x</a>'],
    ['<div style="background:url(javascript:alert(1))">x</div>'],
  ])('finds script in %s', (html) => {
    expect(staticGate(image(html))).toBe('has_script');
  });

  it.each([
    ['<canvas></canvas>', 'unsupported_element:canvas'],
    ['<form><input name="q"></form>', 'unsupported_element:input'],
    ['<button>Go</button><select><option>a</option></select>', 'unsupported_element:select'],
    ['<textarea>x</textarea>', 'unsupported_element:textarea'],
    ['<svg width="10" height="10"><foreignObject><div>x</div></foreignObject></svg>', 'unsupported_element:svg:foreignobject'],
    ['<video src="a.mp4"></video>', 'media_element'],
    ['<iframe src="https://example.com"></iframe>', 'unsupported_element:iframe'],
    ['<link rel="stylesheet" href="https://example.com/a.css">', 'unsupported_element:link'],
    ['<link href="https://fonts.googleapis.com/css2?family=Inter" rel="preload stylesheet">', 'unsupported_element:link'],
  ])('names the element in %s', (html, reason) => {
    expect(staticGate(image(html))).toBe(reason);
  });

  it.each([
    ['an inline SVG (drawn as an image)', '<svg width="10" height="10" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><circle r="5" fill="url(#g)"/></svg>'],
    ['a table', '<table style="border-collapse:collapse"><tr><th>a</th><td>1</td></tr></table>'],
    ['a form holding no controls', '<form action="#"><label>Name</label><div>x</div></form>'],
    ['links that draw nothing', '<link rel="preconnect" href="https://fonts.gstatic.com"><link rel="icon" href="/favicon.ico"><p>x</p>'],
    ["elements drawn with Chromium's UA rules", '<ul><li>a<ol><li>b</li></ol></li></ul><dl><dt>t</dt><dd>d</dd></dl><center><button>Go</button></center>'],
    ['list styles', '<ul style="list-style:square inside"><li style="list-style-type:lower-roman">a</li></ul>'],
  ])('passes %s', (_what, html) => {
    expect(staticGate(image(html))).toBeNull();
  });

  it('finds script inside an inline SVG', () => {
    expect(staticGate(image('<svg><script>alert(1)</script></svg>'))).toBe('has_script');
    expect(staticGate(image('<svg><circle r="5" onload="alert(1)"/></svg>'))).toBe('has_script');
  });

  it.each([
    ['<style>.a{mask-image:linear-gradient(#000,transparent)}</style><div class="a">x</div>', 'unsupported_css:mask-image'],
    ['<div style="writing-mode:vertical-rl">x</div>', 'unsupported_css:writing-mode'],
    ['<div style="display:list-item">x</div>', 'unsupported_css:display:list-item'],
    ['<ul><li style="list-style-image:url(asset://00000000-0000-0000-0000-000000000000)">x</li></ul>', 'unsupported_css:list-style-image'],
    ['<style>@keyframes spin{to{transform:rotate(1turn)}} p{animation:spin 1s}</style><p>x</p>', 'unsupported_css:animation'],
    ['<style>@supports (display:grid){p{color:red}}</style><p>x</p>', 'unsupported_css:@supports'],
    ['<style>@import url(https://example.com/a.css);</style><p>x</p>', 'unsupported_css:@import'],
    ['<div style="float:left">x</div>', 'unsupported_css:float'],
  ])('names the CSS in %s', (html, reason) => {
    expect(staticGate(image(html))).toBe(reason);
  });

  it('resolves fonts as Chromium does: aliases, fall-through, generics, uploaded and pinned faces', () => {
    // fontconfig's metric aliases and unknown families falling through to one the platform has
    for (const family of ['Arial, Helvetica, sans-serif', '"Helvetica Neue", Helvetica', '"Times New Roman", serif', '"Courier New", monospace', 'Roboto', "Inter, 'Open Sans', sans-serif"]) {
      expect({ family, reason: staticGate(image(`<p style="font-family:${family}">x</p>`)) }).toEqual({ family, reason: null });
    }
    expect(staticGate(image('<p style="font:700 40px/1.2 \'Open Sans\', sans-serif">x</p>'))).toBeNull();
    const uploaded = `<style>@font-face{font-family:Brand;src:url(asset://00000000-0000-0000-0000-000000000000)}
      h1{font-family:Brand, sans-serif;font-weight:700}</style><h1>x</h1>`;
    expect(staticGate(image(uploaded))).toBeNull();
    // a web font from a URL: Chromium draws it, the native engine cannot fetch it at render time
    const remote = `<style>@font-face{font-family:Brand;src:url(https://fonts.example.com/brand.woff2)}
      h1{font-family:Brand, Arial}</style><h1>x</h1>`;
    expect(staticGate(image(remote))).toBe('font_unavailable:brand');
    expect(staticGate(image('<p style="font:italic bold 40px / 50px Brand">x</p><style>@font-face{font-family:Brand;src:url(https://f.example/b.woff2)}</style>'))).toBe('font_unavailable:brand');
    // the same source pinned with the version: its bytes are kept, the native engine loads them
    expect(staticGate(image(remote, { pinned_resources: [font('https://fonts.example.com/brand.woff2')] }))).toBeNull();
    // a family after an available one is never reached
    expect(staticGate(image(`<style>@font-face{font-family:Brand;src:url(https://f.example/b.woff2)}</style><p style="font-family:Arial, Brand">x</p>`))).toBeNull();
  });

  it('finds right-to-left text in the markup, its direction or a text default', () => {
    expect(staticGate(image('<p>שלום עולם</p>'))).toBe('rtl_text');
    expect(staticGate(image('<p>مرحبا</p>'))).toBe('rtl_text');
    expect(staticGate(image('<p dir="rtl">x</p>'))).toBe('rtl_text');
    expect(staticGate(image('<p style="direction:rtl">x</p>'))).toBe('rtl_text');
    expect(staticGate(image('<p data-placeholder="n">x</p>', { placeholders: [{ name: 'n', type: 'text', default: 'مرحبا' }] }))).toBe('rtl_text');
    expect(staticGate(image('<p style="direction:ltr">Hello, Ünïcødé</p>'))).toBeNull();
    // `dir="auto"` follows the text: left-to-right text stays left to right
    expect(staticGate(image('<table dir="auto"><tr><td dir="auto">Hello</td></tr></table>'))).toBeNull();
    expect(staticGate(image('<p dir="auto">مرحبا</p>'))).toBe('rtl_text');
  });

  it('answers for CSS it cannot parse instead of guessing', () => {
    expect(staticGate(image('<style>@media screen{stray;.a{color:red}}</style><p>x</p>'))).toBe('unsupported_css:unparsable');
    expect(staticGate(image('<style>.a{color:red}.b{color:"red}</style><p>x</p>'))).toBe('unsupported_css:unparsable');
  });
  it('reads a stray `}` as Chromium does: the rule it falls into is dropped, and the rest judged', () => {
    // the stray text runs into `.b`'s block, and both go: .b's unsupported writing-mode is never applied, so never judged
    expect(staticGate(image('<style>.a{color:red}\n  background:#000;\n}\n.b{writing-mode:vertical-rl}</style><p class="b">x</p>'))).toBeNull();
    expect(staticGate(image('<style>.a{color:red}\n}\n.b{color:red}\n.c{writing-mode:vertical-rl}</style><p class="c">x</p>'))).toBe('unsupported_css:writing-mode');
  });
});

describe('staticGate on CSS as Chromium reads it', () => {
  const card = (css: string, video = false) => ({ ...image(`<style>${css}</style><div class="a">x</div>`), ...(video ? { type: 'video', format: 'mp4' } : {}) });

  it('judges only the declaration the cascade applies within a rule or style attribute', () => {
    expect(staticGate(card('.a{display:-webkit-box;display:-ms-flexbox;display:flex}'))).toBeNull();
    expect(staticGate(image('<div style="display:-webkit-box;display:flex">x</div>'))).toBeNull();
    expect(staticGate(card('.a{display:flex;display:-webkit-box}'))).toBe('unsupported_css:display:-webkit-box');
    expect(staticGate(card('.a{float:left!important;float:none}'))).toBe('unsupported_css:float');
    expect(staticGate(card('.a{float:left;float:none}'))).toBe('unsupported_css:float');
  });

  it('passes an element Chromium does not know, drawn as a span; refuses one it knows and MathML', () => {
    expect(staticGate(image('<p>Done? <unsubscribe>Unsubscribe</unsubscribe> <x-badge style="color:red">new</x-badge><o:p></o:p></p>'))).toBeNull();
    expect(staticGate(image('<marquee>Sale</marquee>'))).toBe('unsupported_element:marquee');
    expect(staticGate(image('<dialog open>x</dialog>'))).toBe('unsupported_element:dialog');
    expect(staticGate(image('<p><math><mi>x</mi></math></p>'))).toBe('unsupported_element:math');
  });

  it('passes `clear` (nothing floats where it applies), and still refuses a float beside it', () => {
    expect(staticGate(card('table.a{clear:both!important;width:100%}.clearfix::after{content:"";display:table;clear:both}'))).toBeNull();
    expect(staticGate(card('.a{clear:both}.a{float:left}'))).toBe('unsupported_css:float');
  });

  it('passes fragmentation (one unfragmented canvas), and still refuses the multi-column layout it would break', () => {
    expect(staticGate(card('.sheet{page-break-after:always}.sheet:last-child{page-break-after:auto}.a{break-inside:avoid;page-break-before:always;orphans:3;widows:2}'))).toBeNull();
    expect(staticGate(card('.a{columns:2}.b{break-after:column}'))).toBe('unsupported_css:columns');
  });

  it('passes min(), max() and clamp() computed without layout, and refuses one that needs it', () => {
    expect(staticGate(card('.a{width:clamp(100px,10vw,500px);margin:0 max(8px,2vmin)}.b{grid-template-columns:repeat(2,minmax(0,1fr))}'))).toBeNull();
    expect(staticGate(image('<div style="width:min(300px,50vw)">x</div>'))).toBeNull();
    expect(staticGate(card('.a{width:min(100%,300px)}'))).toBe('unsupported_css:width:min()');
    expect(staticGate(card('.a{width:max(2em,10px)}'))).toBe('unsupported_css:width:max()');
  });

  it("computes rem in a math function at Chromium's 16 px while nothing can set the root's font size", () => {
    // mailgun's transactional templates: the fallback chain in a style attribute
    expect(staticGate(image('<div style="font-size:16px;font-size:1rem;font-size:max(16px,1rem)">x</div>'))).toBeNull();
    expect(staticGate(card('body{font-size:20px}.a{font-size:clamp(1rem,2.5vw,2rem)}'))).toBeNull();
    // a rule that may set it: html, :root, *, a class the template's own <html> has, html's style; the cascade decides
    for (const root of ['html{font-size:20px}', ':root{font:14px Arial}', '*{font-size:inherit}', '@media screen{html{font-size:62.5%}}']) {
      expect(staticGate(card(`${root}.a{font-size:clamp(1rem,2.5vw,2rem)}`))).toBe('unsupported_css:font-size:clamp()');
    }
    expect(staticGate(image('<html class="big"><style>.big{font-size:20px}</style><p style="width:max(10rem,50px)">x</p></html>'))).toBe('unsupported_css:width:max()');
    expect(staticGate(image('<html style="font-size:20px"><p style="width:max(10rem,50px)">x</p></html>'))).toBe('unsupported_css:width:max()');
    // a class the root does not carry cannot match it, nor can a rule inside keyframes or for print
    expect(staticGate(image('<html class="x"><style>.big{font-size:20px}@media print{html{font-size:9pt}}</style><p style="width:max(10rem,50px)">x</p></html>'))).toBeNull();
  });

  it('passes visibility, color-scheme and hyphens with the values the native engine draws as Chromium does', () => {
    expect(staticGate(card('.p{display:none!important;visibility:hidden}.q{visibility:visible}:root{color-scheme:light dark}.r{hyphens:auto;-webkit-hyphens:auto}'))).toBeNull();
    expect(staticGate(card('.a{visibility:collapse}'))).toBe('unsupported_css:visibility:collapse');
    expect(staticGate(card(':root{color-scheme:dark}'))).toBe('unsupported_css:color-scheme:dark');
    expect(staticGate(card('.a{hyphens:none}'))).toBe('unsupported_css:hyphens:none');
  });

  it('refuses the values takumi fails on that no other value writes exactly', () => {
    expect(staticGate(card('.a{position:sticky;top:0}'))).toBe('unsupported_css:position:sticky');
    expect(staticGate(card('.a{white-space:break-spaces}'))).toBe('unsupported_css:white-space:break-spaces');
    expect(staticGate(card('.a{display:flex;justify-content:left}'))).toBe('unsupported_css:justify-content:left');
    expect(staticGate(card('.a{text-align:-webkit-center}'))).toBe('unsupported_css:text-align:-webkit-center');
    expect(staticGate(card('.a{background:url(data:,) fixed}'))).toBe('unsupported_css:background-attachment');
    expect(staticGate(card('.a{letter-spacing:normal;word-spacing:normal;align-self:auto;background:#fff none repeat scroll 0 0}'))).toBeNull();
  });

  it('passes an outline that draws nothing, and refuses one that draws', () => {
    expect(staticGate(card('a:focus{outline:0}.a{outline:none;outline-offset:-.5px}.b{outline:2px #f00;outline-style:none}'))).toBeNull();
    expect(staticGate(card('.a{outline:2px solid red}'))).toBe('unsupported_css:outline');
    expect(staticGate(card('.a{outline-width:2px;outline-style:dashed}'))).toBe('unsupported_css:outline-style');
    expect(staticGate(card('.a{outline:var(--ring)}'))).toBe('unsupported_css:outline');
  });

  it('judges a prefixed alias as its property, and not what Chromium drops', () => {
    expect(staticGate(card('.a{-webkit-filter:blur(1px);-webkit-background-size:cover;-webkit-transform:rotate(2deg);-webkit-box-shadow:0 1px red}'))).toBeNull();
    expect(staticGate(card('.a{-webkit-mask-image:linear-gradient(#000,transparent)}'))).toBe('unsupported_css:mask-image');
    expect(staticGate(card('.a{-ms-filter:"alpha(opacity=50)";-moz-box-sizing:border-box;-o-transition:none}'))).toBeNull();
    expect(staticGate(card('.a{webkit-text-size-adjust:100%;*zoom:1;_height:1px;mso-line-height-rule:exactly;-webkit-overflow-scrolling:touch}'))).toBeNull();
    // a video's -webkit-animation is the animation the measured table judges
    expect(staticGate(card('@-webkit-keyframes m{from{-webkit-transform:translateX(0)}to{-webkit-transform:translateX(9px)}}.a{-webkit-animation:m 1s linear both}', true))).toBeNull();
    expect(staticGate(card('@-webkit-keyframes m{from{-webkit-clip-path:inset(0 100% 0 0)}to{-webkit-clip-path:inset(0)}}.a{-webkit-animation:m 1s both}', true))).toBe('unsupported_animation:clip-path');
  });

  it('passes the -webkit-box line-clamp idiom, and refuses the legacy box without it', () => {
    expect(staticGate(card('.a{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}'))).toBeNull();
    expect(staticGate(card('.a{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}'))).toBe('unsupported_css:display:-webkit-box');
    expect(staticGate(card('.a{display:-webkit-box;-webkit-box-orient:vertical;-webkit-box-pack:center}'))).toBe('unsupported_css:display:-webkit-box');
    expect(staticGate(card('.a{display:-webkit-box}'))).toBe('unsupported_css:display:-webkit-box');
  });

  it('does not judge print-only rules', () => {
    expect(staticGate(card('@page{size:A4;margin:0}@media print{.a{float:left}}'))).toBeNull();
    expect(staticGate(card('@media screen{.a{float:left}}'))).toBe('unsupported_css:float');
  });
});

describe('fontFamilies', () => {
  it('splits a family list, quotes and case', () => {
    expect(fontFamilies(`'DejaVu Sans', "Liberation  Sans", sans-serif`)).toEqual(['dejavu sans', 'liberation sans', 'sans-serif']);
  });
});
