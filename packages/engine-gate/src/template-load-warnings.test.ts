import type { PinnedResource } from '@rp/workflow-safe';
import { templateLoadWarnings } from './template-load-warnings';

const unresolved = (url: string, kind: PinnedResource['kind']): PinnedResource => ({
  url, kind, status: 'unresolved', asset_key: null, sha256: null, bytes: null, content_type: null,
  error: { code: 'asset_unreachable', message: `${kind} ${url} answered 404` }, gate: null,
});
const pinned = (url: string, kind: PinnedResource['kind']): PinnedResource => ({
  url, kind, status: 'pinned', asset_key: 'k', sha256: 's', bytes: 1, content_type: 'x', error: null, gate: null,
});
const warn = (html: string, manifest: PinnedResource[] = []) => templateLoadWarnings({ composition_html: html, pinned_resources: manifest });

describe('templateLoadWarnings', () => {
  test('a template whose resources all load, or are bound per render, says nothing', () => {
    const html = '<style>@font-face{font-family:A;src:url(https://f.test/a.woff2)}</style><img src="https://i.test/a.png">' +
      '<img data-placeholder="photo" src="photo.png"><img src="https://i.test/{{id}}.png"><div style="background:url(data:image/png;base64,AA)"></div>';
    expect(warn(html, [pinned('https://f.test/a.woff2', 'font'), pinned('https://i.test/a.png', 'image')])).toEqual([]);
    // a <template>'s content is inert: nothing in it loads
    expect(warn('<template><img src="gone.png"><style>@font-face{font-family:T;src:url(t.woff2)}</style></template>')).toEqual([]);
  });

  test('an @font-face with a relative source falls through to the next family', () => {
    const [w, ...rest] = warn('<style>@font-face{font-family:"Brand";src:url(fonts/brand.woff2) format("woff2")} h1{font-family:Brand,serif}</style><h1>x</h1>');
    expect(rest).toEqual([]);
    expect(w).toEqual({ code: 'font_load_failed', placeholder: null, message: expect.stringContaining('@font-face "Brand" cannot be loaded (fonts/brand.woff2: a relative URL') });
    expect(w!.message).toContain('next family of its font-family list');
  });

  test('a font with one loadable source among failing ones, or a local() one, is not reported', () => {
    expect(warn('<style>@font-face{font-family:B;src:url(b.woff2),url(data:font/woff2;base64,AA)}</style>')).toEqual([]);
    expect(warn('<style>@font-face{font-family:B;src:local(Arial),url(b.woff2)}</style>')).toEqual([]);
  });

  test('an image that cannot load: hidden goes on without it, shown fails every render', () => {
    const hidden = warn('<div class="lt"><img src="//:0" style="display:none"><b>Name</b></div>');
    expect(hidden).toEqual([{ code: 'image_failed', placeholder: null, message: expect.stringContaining('it is not shown, so renders go on without it') }]);
    const shown = warn('<img src="https://i.test/gone.png">', [unresolved('https://i.test/gone.png', 'image')]);
    expect(shown).toEqual([{ code: 'image_failed', placeholder: null, message: expect.stringContaining('answered 404): it is shown, so every render fails with asset_unreachable') }]);
  });

  test('what a pinned stylesheet loads and could not be pinned is reported from the manifest', () => {
    const manifest = [pinned('https://c.test/a.css', 'stylesheet'), unresolved('https://c.test/font.woff2', 'font'), unresolved('https://c.test/bg.png', 'image')];
    const out = warn('<link rel="stylesheet" href="https://c.test/a.css"><p>x</p>', manifest);
    expect(out.map((w) => w.code)).toEqual(['font_load_failed', 'image_failed']);
    expect(out[0]!.message).toContain('a font a pinned stylesheet loads cannot be loaded');
    expect(out[1]!.message).toContain('where it is hidden and fail with asset_unreachable where it is shown');
  });
});
