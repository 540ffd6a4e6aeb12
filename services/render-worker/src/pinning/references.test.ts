import { cssReferences } from './css-references';
import { htmlReferences } from './html-references';

describe('cssReferences', () => {
  it('lists @imports as stylesheets, @font-face sources as fonts and other url()s as images, resolved against the sheet', () => {
    const css = `
      @import url("https://cdn.test/base.css");
      @import 'theme.css' screen;
      /* url(https://commented.test/x.png) is not loaded */
      @font-face { font-family: Inter; src: url(fonts/inter.woff2) format("woff2"), url('https://f.test/inter.woff') format("woff"); }
      .hero { background: url(img/bg.png) no-repeat; mask: url(#clip); }
      .empty { background: url(""); }
      .inline { background: url(data:image/png;base64,AAAA); }`;
    expect(cssReferences(css, 'https://site.test/css/main.css')).toEqual([
      { url: 'https://cdn.test/base.css', kind: 'stylesheet' },
      { url: 'https://site.test/css/theme.css', kind: 'stylesheet' },
      { url: 'https://site.test/css/fonts/inter.woff2', kind: 'font' },
      { url: 'https://f.test/inter.woff', kind: 'font' },
      { url: 'https://site.test/css/img/bg.png', kind: 'image' },
    ]);
  });

  it('without a base (a template <style>) keeps only absolute http(s) URLs', () => {
    expect(cssReferences('@import "rel.css"; a { background: url(x.png) } b { background: url(asset://0b6c3f9e) } c { background: url(https://a.test/c.png#frag) }')).toEqual([
      { url: 'https://a.test/c.png', kind: 'image' },
    ]);
  });
});

describe('htmlReferences', () => {
  it('finds stylesheet links, static images, <style> and style attributes, once each, in document order', () => {
    const html = `<!doctype html><html><head>
      <link rel="preconnect" href="https://fonts.test">
      <link rel="stylesheet" href="https://fonts.test/css2?family=Inter:wght@400;700&display=swap">
      <style>@import url(https://cdn.test/fw.css); .a { background: url('https://cdn.test/a.png') }</style>
      </head><body>
      <img src="https://cdn.test/logo.png"><img src="{{photo}}"><img src="https://cdn.test/{{id}}.png"><img src="asset://0b6c3f9e-8d1a-4c2b-9f3e-1a2b3c4d5e6f">
      <div style="background-image:url(https://cdn.test/a.png)"></div>
      <template><img src="https://cdn.test/inert.png"></template>
      </body></html>`;
    expect(htmlReferences(html)).toEqual([
      { url: 'https://fonts.test/css2?family=Inter:wght@400;700&display=swap', kind: 'stylesheet' },
      { url: 'https://cdn.test/fw.css', kind: 'stylesheet' },
      { url: 'https://cdn.test/a.png', kind: 'image' },
      { url: 'https://cdn.test/logo.png', kind: 'image' },
    ]);
  });

  it('lists nothing for a template that loads nothing from elsewhere', () => {
    expect(htmlReferences('<div style="color:red">Hi {{name}}</div><img src="data:image/gif;base64,R0lGOD">')).toEqual([]);
  });
});
