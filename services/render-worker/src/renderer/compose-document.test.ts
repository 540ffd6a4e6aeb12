import type { Modification, Placeholder } from '@rp/workflow-safe';
import { composeDocument } from './compose-document';
import { formatNumber } from './format-number';
import { RenderFailure } from './types';

const compose = (html: string, placeholders: Placeholder[] = [], modifications: Modification[] = []) =>
  composeDocument({ html, width: 200, height: 100, placeholders, modifications });
/** Just the bound template, without the wrapper. */
const body = (...args: Parameters<typeof compose>) => /<body>([\s\S]*)<\/body><\/html>$/.exec(compose(...args))![1];

const ASSET = '0b6a9f7e-6f0c-4a5e-9f8e-2f8d3c1a7b10';

describe('composeDocument', () => {
  it('wraps the template in a fixed-size canvas document', () => {
    const doc = compose('<p>hi</p>');
    expect(doc.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(doc).toContain('html,body{margin:0!important;width:200px!important;height:100px!important;overflow:hidden!important}');
    expect(doc).toContain('Content-Security-Policy');
    expect(doc).toContain('<body><p>hi</p></body>');
  });

  it('rejects impossible canvas sizes', () => {
    expect(() => composeDocument({ html: '', width: 0, height: 10, placeholders: [], modifications: [] })).toThrow(RenderFailure);
    expect(() => composeDocument({ html: '', width: 10.5, height: 10, placeholders: [], modifications: [] })).toThrow(/width/);
  });

  it('sets text content escaped, never parsed as HTML', () => {
    const html = body('<h1 data-placeholder="title">Default</h1>', [{ name: 'title', type: 'text' }], [
      { name: 'title', text: '<script>alert(1)</script> & "q"' },
    ]);
    expect(html).toBe('<h1 data-placeholder="title" style="overflow:hidden">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;</h1>');
  });

  it('replaces nested content up to the matching end tag and keeps the rest', () => {
    const html = body('<div data-placeholder="t"><div>a</div><b>b</b></div><p>after</p>', [{ name: 't', type: 'text' }], [
      { name: 't', text: 'new' },
    ]);
    expect(html).toBe('<div data-placeholder="t" style="overflow:hidden">new</div><p>after</p>');
  });

  it('turns newlines into line breaks and honours data-fit="none"', () => {
    const html = body('<p data-fit="none" data-placeholder="t">x</p>', [{ name: 't', type: 'text' }], [{ name: 't', text: 'a\nb' }]);
    expect(html).toBe('<p data-fit="none" data-placeholder="t">a<br>b</p>');
  });

  it('appends to an existing style attribute', () => {
    const html = body(`<p style='font-size:20px;' data-placeholder="t">x</p>`, [{ name: 't', type: 'text' }], [{ name: 't', text: 'y' }]);
    expect(html).toBe('<p data-placeholder="t" style="font-size:20px;overflow:hidden">y</p>');
  });

  it('interpolates {{name}} escaped in text and attributes, leaves unknown names alone', () => {
    const html = body('<p title="{{ t }}">Hi {{t}} {{unknown}}</p>', [{ name: 't', type: 'text' }], [{ name: 't', text: '<b>"x"</b>' }]);
    expect(html).toBe('<p title="&lt;b&gt;&quot;x&quot;&lt;/b&gt;">Hi &lt;b&gt;&quot;x&quot;&lt;/b&gt; {{unknown}}</p>');
  });

  it('quotes unquoted attributes it interpolates so a value cannot add attributes', () => {
    const html = body('<p title={{t}}>x</p>', [{ name: 't', type: 'text' }], [{ name: 't', text: 'a onload=alert(1)' }]);
    expect(html).toBe('<p title="a onload=alert(1)">x</p>');
  });

  it('escapes {{name}} for JS inside <script> and for CSS inside <style>', () => {
    const html = body('<script>var a = "{{t}}"; var b = \'{{t}}\';</script><style>p::after{content:"{{t}}"}</style>', [
      { name: 't', type: 'text' },
    ], [{ name: 't', text: `"';</script><img src=x>\\` }]);
    expect(html).not.toContain('</script><img');
    expect(html).toContain('var a = "\\"\\u0027;\\u003c/script\\u003e\\u003cimg src=x\\u003e\\\\";');
    expect(html).toContain('content:""\';\\3c /script\\3e \\3c img src=x\\3e \\"');
  });

  it('never interpolates event handlers or srcdoc, and neutralises script URLs', () => {
    const html = body('<a href="{{u}}" onclick="go(\'{{u}}\')">x</a><iframe srcdoc="{{u}}"></iframe>', [{ name: 'u', type: 'text' }], [
      { name: 'u', text: 'javascript:alert(1)' },
    ]);
    expect(html).toBe('<a href="about:invalid" onclick="go(\'{{u}}\')">x</a><iframe srcdoc="{{u}}"></iframe>');
  });

  it('applies defaults when the request has no modification, and keeps authored content otherwise', () => {
    const placeholders: Placeholder[] = [
      { name: 'a', type: 'text', default: 'Default A' },
      { name: 'b', type: 'text' },
    ];
    expect(body('<p data-placeholder="a">x</p><p data-placeholder="b">authored</p>|{{b}}|', placeholders)).toBe(
      '<p data-placeholder="a" style="overflow:hidden">Default A</p><p data-placeholder="b">authored</p>||',
    );
  });

  it('the modification wins over the default; the last modification of a name wins', () => {
    const html = body('<p data-placeholder="a">x</p>', [{ name: 'a', type: 'text', default: 'D' }], [
      { name: 'a', text: 'one' },
      { name: 'a', text: 'two' },
    ]);
    expect(html).toContain('>two</p>');
  });

  it('binds images: src on <img> (dropping srcset), background-image elsewhere, asset refs rewritten', () => {
    const placeholders: Placeholder[] = [{ name: 'photo', type: 'image' }];
    const html = body('<img srcset="a.png 2x" data-placeholder="photo" src="old.png"><div data-placeholder="photo"></div>', placeholders, [
      { name: 'photo', image_url: `asset://${ASSET}` },
    ]);
    expect(html).toBe(
      `<img data-placeholder="photo" src="https://assets.render.invalid/${ASSET}">` +
        `<div data-placeholder="photo" style="background-image:url(&quot;https://assets.render.invalid/${ASSET}&quot;)"></div>`,
    );
  });

  it('rewrites asset references written in the template itself', () => {
    expect(body(`<img src="asset://${ASSET.toUpperCase()}">`)).toBe(`<img src="https://assets.render.invalid/${ASSET}">`);
  });

  it('binds colours to color by default and to the property named by data-placeholder-prop', () => {
    const placeholders: Placeholder[] = [{ name: 'c', type: 'color' }];
    const html = body('<p data-placeholder="c">t</p><div data-placeholder="c" data-placeholder-prop="background"></div>', placeholders, [
      { name: 'c', color: '#ff0000' },
    ]);
    expect(html).toBe(
      '<p data-placeholder="c" style="color:#ff0000">t</p><div data-placeholder="c" data-placeholder-prop="background" style="background-color:#ff0000"></div>',
    );
  });

  it('refuses values that are not what their placeholder expects', () => {
    const placeholders: Placeholder[] = [{ name: 'c', type: 'color' }];
    expect(() => compose('<p data-placeholder="c">t</p>', placeholders, [{ name: 'c', color: 'red;background:url(x)' }])).toThrow(
      expect.objectContaining({ code: 'template_invalid' }),
    );
    expect(() => compose('', [{ name: 'i', type: 'image' }], [{ name: 'i', image_url: 'javascript:alert(1)' }])).toThrow(/image_url/);
    expect(() => compose('', [{ name: 'i', type: 'image', default: 'file:///etc/passwd' }])).toThrow(/invalid default/);
  });

  it('formats numbers with the placeholder format, in elements and interpolations', () => {
    const placeholders: Placeholder[] = [{ name: 'price', type: 'number', format: '$0,0.00' }];
    expect(body('<b data-placeholder="price">0</b> {{price}}', placeholders, [{ name: 'price', number: 1234.5 }])).toBe(
      '<b data-placeholder="price" style="overflow:hidden">$1,234.50</b> $1,234.50',
    );
    expect(body('{{n}}', [{ name: 'n', type: 'number', default: '42' }])).toBe('42');
  });

  it('infers the type of modifications for undeclared placeholders', () => {
    expect(body('<p data-placeholder="x">a</p>', [], [{ name: 'x', color: 'blue' }])).toBe('<p data-placeholder="x" style="color:blue">a</p>');
  });

  it('does not bind content into script/style elements or void elements', () => {
    const html = body('<script data-placeholder="t">var x=1</script><br data-placeholder="t">', [{ name: 't', type: 'text' }], [
      { name: 't', text: 'alert(1)' },
    ]);
    expect(html).toBe('<script data-placeholder="t">var x=1</script><br data-placeholder="t">');
  });

  it('gives self-closing placeholders (SVG text) a body', () => {
    expect(body('<svg><text data-placeholder="t"/></svg>', [{ name: 't', type: 'text' }], [{ name: 't', text: 'hi' }])).toBe(
      '<svg><text data-placeholder="t" style="overflow:hidden">hi</text></svg>',
    );
  });

  it('copies comments and raw text untouched', () => {
    const src = '<!-- <p data-placeholder="t">x</p> --><style>p > a { color: red }</style><p>a < b</p>';
    expect(body(src, [{ name: 't', type: 'text' }], [{ name: 't', text: 'NO' }])).toBe(src);
  });
});

describe('formatNumber', () => {
  it.each([
    [1234.5, undefined, '1234.5'],
    [0.1 + 0.2, undefined, '0.3'],
    [1234.5, '0,0', '1,235'],
    [1234.5, '0,0.00', '1,234.50'],
    [1234.5, '0.0', '1234.5'],
    [-5, '$0,0.00', '-$5.00'],
    [-0.001, '0.00', '0.00'],
    [72.5, '0.0 kg', '72.5 kg'],
    [0.256, 'percent', '26%'],
    [0.256, 'percent:1', '25.6%'],
    [1234.5, 'currency:EUR', '€1,234.50'],
    [1234.5, '0,0.00@de-DE', '1.234,50'],
    [1234567, 'compact', '1.2M'],
    [12, 'nonsense!', '12'],
    [12, 'currency:euro', '12'],
  ])('%p with %p -> %p', (value, format, expected) => {
    expect(formatNumber(value, format)).toBe(expected);
  });
});
