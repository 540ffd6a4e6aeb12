import { staticGate, type GateInput } from './static-gate';
import { fontFamilies } from './css-gate';

const image = (html: string, extra: Partial<GateInput> = {}): GateInput => ({
  type: 'image',
  format: 'png',
  composition_html: html,
  placeholders: [],
  ...extra,
});

describe('staticGate', () => {
  it('passes a plain card (flex, gradient, shadow, radius, transform, installed fonts)', () => {
    const html = `<style>body{font-family:'DejaVu Sans',sans-serif;background:linear-gradient(160deg,#1d2b64,#12162f)}
      .c{display:flex;flex-direction:column;gap:20px;box-shadow:0 20px 60px #0008;border-radius:32px;transform:rotate(-8deg)}
      .b{letter-spacing:6px;text-transform:uppercase;opacity:.7;--accent:#e94560}</style>
      <div class="c"><h1 data-placeholder="t">Hi</h1><img src="asset://00000000-0000-0000-0000-000000000000" style="object-fit:cover;width:200px"></div>`;
    expect(staticGate(image(html))).toBeNull();
  });

  it('sends video and PDF templates to Chromium', () => {
    expect(staticGate(image('<p>x</p>', { type: 'video', format: 'mp4' }))).toBe('not_an_image_template');
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
    ['<table><tr><td>x</td></tr></table>', 'unsupported_element:table'],
    ['<svg width="10" height="10"><circle r="5"/></svg>', 'unsupported_element:svg'],
    ['<canvas></canvas>', 'unsupported_element:canvas'],
    ['<video src="a.mp4"></video>', 'unsupported_element:video'],
    ['<iframe src="https://example.com"></iframe>', 'unsupported_element:iframe'],
    ['<link rel="stylesheet" href="https://example.com/a.css">', 'unsupported_element:link'],
  ])('names the element in %s', (html, reason) => {
    expect(staticGate(image(html))).toBe(reason);
  });

  it.each([
    ['<style>.a{mask-image:linear-gradient(#000,transparent)}</style><div class="a">x</div>', 'unsupported_css:mask-image'],
    ['<div style="writing-mode:vertical-rl">x</div>', 'unsupported_css:writing-mode'],
    ['<div style="display:table-cell">x</div>', 'unsupported_css:display:table-cell'],
    ['<style>@keyframes spin{to{transform:rotate(1turn)}}</style><p>x</p>', 'unsupported_css:@keyframes'],
    ['<style>@import url(https://example.com/a.css);</style><p>x</p>', 'unsupported_css:@import'],
    ['<div style="float:left">x</div>', 'unsupported_css:float'],
  ])('names the CSS in %s', (html, reason) => {
    expect(staticGate(image(html))).toBe(reason);
  });

  it('needs fonts the native engine has: installed, generic or uploaded', () => {
    expect(staticGate(image('<p style="font-family:Roboto">x</p>'))).toBe('font_unavailable:roboto');
    expect(staticGate(image('<p style="font:700 40px/1.2 \'Open Sans\', sans-serif">x</p>'))).toBe('font_unavailable:open sans');
    expect(staticGate(image('<p style="font:italic bold 40px / 50px Roboto">x</p>'))).toBe('font_unavailable:roboto');
    expect(staticGate(image('<p style="font:bold 80px sans-serif">x</p>'))).toBeNull();
    // the first family present decides: what follows it is never reached
    expect(staticGate(image('<p style="font-family:\'Liberation Serif\', Roboto">x</p>'))).toBeNull();
    const uploaded = `<style>@font-face{font-family:Brand;src:url(asset://00000000-0000-0000-0000-000000000000)}
      h1{font:700 64px Brand, sans-serif}</style><h1>x</h1>`;
    expect(staticGate(image(uploaded))).toBeNull();
    const remote = `<style>@font-face{font-family:Brand;src:url(https://fonts.example.com/brand.woff2)}
      h1{font-family:Brand}</style><h1>x</h1>`;
    expect(staticGate(image(remote))).toBe('font_unavailable:brand');
  });

  it('finds right-to-left text in the markup, its direction or a text default', () => {
    expect(staticGate(image('<p>שלום עולם</p>'))).toBe('rtl_text');
    expect(staticGate(image('<p>مرحبا</p>'))).toBe('rtl_text');
    expect(staticGate(image('<p dir="rtl">x</p>'))).toBe('rtl_text');
    expect(staticGate(image('<p style="direction:rtl">x</p>'))).toBe('rtl_text');
    expect(staticGate(image('<p data-placeholder="n">x</p>', { placeholders: [{ name: 'n', type: 'text', default: 'مرحبا' }] }))).toBe('rtl_text');
    expect(staticGate(image('<p style="direction:ltr">Hello, Ünïcødé</p>'))).toBeNull();
  });

  it('answers for CSS it cannot parse instead of guessing', () => {
    expect(staticGate(image('<style>.a{color:red</style><p>x</p>'))).toBe('unsupported_css:unparsable');
    expect(staticGate(image('<style>}}}{{</style><p>x</p>'))).toBe('unsupported_css:unparsable');
  });
});

describe('fontFamilies', () => {
  it('splits a family list, quotes and case', () => {
    expect(fontFamilies(`'DejaVu Sans', "Liberation  Sans", sans-serif`)).toEqual(['dejavu sans', 'liberation sans', 'sans-serif']);
  });
});
