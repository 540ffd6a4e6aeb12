import { PIN_CAPS, type PinnedResource } from '@rp/workflow-safe';
import { documentMatcher } from './selector-match';
import { staticGate } from './static-gate';
import { judgePinnedStylesheets } from './stylesheet-gate';

const BASE = 'https://cdn.example.com/fw@1/';
// a framework in miniature: rules for classes a card uses, and many for components it does not (forms, buttons,
// animations, print), the kind of rules a CSS framework carries that the native engine does not draw
const FRAMEWORK = `
:root{--fw-primary:#3459e6}
*,::before,::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;-webkit-tap-highlight-color:transparent}
body{margin:0;font-family:system-ui,sans-serif}
.card{display:flex;flex-direction:column;border-radius:8px}
.title{font-size:48px;font-weight:700}
.btn{display:inline-block;cursor:pointer;user-select:none;outline:0;transition:color .15s}
.btn:hover{text-decoration:underline}
.float-start{float:left}
.visually-hidden{clip:rect(0,0,0,0);white-space:nowrap}
.spinner{animation:spin .75s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
.form-control::placeholder{color:#6c757d;opacity:1}
::selection{background:#ffd}
.list{list-style:none}
a:not(:hover){text-decoration-thickness:2px}
@media print{.card{page-break-inside:avoid}}
@supports (position:sticky){.sticky-top{position:sticky;top:0}}
.card-fancy{mask-image:linear-gradient(#000,transparent)}
.title:not(.is-spaced):has(+ .subtitle){margin-bottom:0}
`;
const CARD = `<link rel="stylesheet" href="${BASE}fw.css"><div class="card"><h1 class="title" data-placeholder="t">Hello</h1></div>`;

const sheet = (url: string, gate: PinnedResource['gate']): PinnedResource => ({
  url, kind: 'stylesheet', status: 'pinned', asset_key: 'orgs/o/pinned/a', sha256: 'a', bytes: 1, content_type: 'text/css', error: null, gate,
});
/** What pinning records for the template's stylesheets, then what the API's gate answers with that manifest. */
function gateAfterPinning(html: string, sheets: Record<string, string>, extraPinned: string[] = []): string | null {
  const pinned = new Set([...Object.keys(sheets), ...extraPinned]);
  const verdicts = judgePinnedStylesheets(html, Object.entries(sheets).map(([url, css]) => ({ url, css })), pinned);
  const manifest = Object.keys(sheets).map((url) => sheet(url, verdicts.get(url)!));
  return staticGate({ type: 'image', format: 'png', composition_html: html, placeholders: [], pinned_resources: manifest });
}

describe('documentMatcher', () => {
  const matches = documentMatcher(
    '<div class="card" id="c"><p class="title">Hi</p><a href="#" class="link">x</a><img class="logo" src="{{logo}}"><span data-tone="{{tone}}">y</span><b class="x"></b></div>',
  );

  it.each([
    ['.card', true], ['.card > .title', true], ['div.nope, .title', true], ['#c .link', true], ['.missing', false], ['section .title', false],
    ['html body > div.card', true], [':root', true],
  ])('structure: %s -> %s', (selector, expected) => expect(matches(selector)).toBe(expected));

  it.each([
    ['.link:hover', false], ['.link:active', false], ['.link:visited', false], ['.card:focus-within', false], ['.link:focus-visible', false],
    ['.link:not(:hover)', true], ['.link:-moz-focusring', false],
  ])('a still render is in no user-action state: %s -> %s', (selector, expected) => expect(matches(selector)).toBe(expected));

  it.each([
    ['.title::before', true], ['.title:after', true], ['.card > ::before', true], ['.missing::after', false],
    ['.title::selection', false], ['::selection', false], ['.logo::placeholder', false], ['.card::-webkit-scrollbar', true],
  ])('pseudo-elements: %s -> %s', (selector, expected) => expect(matches(selector)).toBe(expected));

  it.each([
    // text a placeholder can change, attributes a render sets, and what the matcher does not know are left out
    ['.x:empty', true], ['.title:not(:empty)', true], ['.logo[src$=".png"]', true], ['span[data-tone=warm]', true], ['section[data-tone=warm]', false],
    ['.title:lang(en)', true], ['.title:not(:lang(en))', true], ['.card:has(.title)', true], ['.card:has(.missing)', false], ['.title:has(+ .link)', true], ['.title:has(+ .logo)', false],
    ['.card:is(.missing, #c)', true], ['.card:where(.missing)', false],
  ])('what a render can change, or is unknown, widens the match: %s -> %s', (selector, expected) => expect(matches(selector)).toBe(expected));

  it('takes a class bound from a placeholder as any class', () => {
    const bound = documentMatcher('<div class="card {{variant}}">x</div>');
    expect([bound('.card.is-dark'), bound('.anything'), bound('p.anything')]).toEqual([true, true, false]);
  });

  it('holds a selector it cannot read to match', () => {
    expect(matches('.card >>> ..[')).toBe(true);
  });
});

describe('the gate and pinned stylesheets', () => {
  it('passes a card whose pinned framework has unsupported rules only for elements the card does not have', () => {
    expect(gateAfterPinning(CARD, { [`${BASE}fw.css`]: FRAMEWORK })).toBeNull();
    const verdict = judgePinnedStylesheets(CARD, [{ url: `${BASE}fw.css`, css: FRAMEWORK }], new Set([`${BASE}fw.css`])).get(`${BASE}fw.css`)!;
    expect(verdict.findings).toEqual([]);
    expect(verdict.rules).toBeGreaterThan(15);
    expect(verdict.unmatched_rules).toBeGreaterThan(10);
  });

  it.each([
    ['<div class="card float-start">x</div>', 'unsupported_css:float'],
    ['<div class="spinner">x</div>', 'unsupported_css:animation'],
    ['<div class="sticky-top">x</div>', 'unsupported_css:@supports'],
    ['<div class="card"><p class="card-fancy">x</p></div>', 'unsupported_css:mask-image'],
    // takumi never applies a rule with :has(); this one matches a title followed by a subtitle
    ['<div class="card"><p class="title">x</p><p class="subtitle">y</p></div>', 'unsupported_css:selector:has'],
  ])('refuses when a rule with an unsupported property matches an element: %s', (body, reason) => {
    expect(gateAfterPinning(`<link rel="stylesheet" href="${BASE}fw.css">${body}`, { [`${BASE}fw.css`]: FRAMEWORK })).toBe(reason);
  });

  it('records the reasons with their selectors, and the API gate re-matches them against the document', () => {
    const html = `<link rel="stylesheet" href="${BASE}fw.css"><div class="visually-hidden">x</div>`;
    const verdict = judgePinnedStylesheets(html, [{ url: `${BASE}fw.css`, css: FRAMEWORK }], new Set([`${BASE}fw.css`])).get(`${BASE}fw.css`)!;
    expect(verdict.findings).toEqual([{ reason: 'unsupported_css:clip', selector: '.visually-hidden' }]);
    // the same verdict against a document without that element refuses nothing
    const other = '<link rel="stylesheet" href="https://cdn.example.com/fw@1/fw.css"><p>y</p>';
    expect(staticGate({ type: 'image', format: 'png', composition_html: other, placeholders: [], pinned_resources: [sheet(`${BASE}fw.css`, verdict)] })).toBeNull();
  });

  it('still refuses a stylesheet link or @import the version does not keep with a verdict', () => {
    const link = `<link rel="stylesheet" href="${BASE}fw.css"><p>x</p>`;
    expect(staticGate({ type: 'image', format: 'png', composition_html: link, placeholders: [] })).toBe('unsupported_element:link');
    expect(staticGate({ type: 'image', format: 'png', composition_html: link, placeholders: [], pinned_resources: [sheet(`${BASE}fw.css`, null)] })).toBe('unsupported_element:link');
    const unresolved: PinnedResource = { ...sheet(`${BASE}fw.css`, null), status: 'unresolved', asset_key: null, sha256: null, bytes: null, content_type: null, error: { code: 'asset_unreachable', message: 'x' } };
    expect(staticGate({ type: 'image', format: 'png', composition_html: link, placeholders: [], pinned_resources: [unresolved] })).toBe('unsupported_element:link');
    const imp = `<style>@import url("${BASE}fw.css");</style><p>x</p>`;
    expect(staticGate({ type: 'image', format: 'png', composition_html: imp, placeholders: [] })).toBe('unsupported_css:@import');
  });

  it('passes a pinned @import and judges what it imports, relative URLs against the sheet', () => {
    const html = `<style>@import url('${BASE}fonts.css'); body{font-family:Brand,serif}</style><div class="card">x</div>`;
    const fonts = `@import "fw.css"; @font-face{font-family:Brand;src:url(files/brand.woff2) format('woff2')}`;
    const sheets = { [`${BASE}fonts.css`]: fonts, [`${BASE}fw.css`]: FRAMEWORK };
    expect(gateAfterPinning(html, sheets, [`${BASE}files/brand.woff2`])).toBeNull();
    // an @import it does not keep holds whatever the document; a font whose bytes it does not keep is Chromium's alone
    expect(gateAfterPinning(`<style>@import url('${BASE}fonts.css');</style><h1 class="title">x</h1>`, { [`${BASE}fonts.css`]: `${fonts} .title{font-family:Brand}` })).toBe('unsupported_css:@import');
    expect(gateAfterPinning(`<style>@import url('${BASE}fonts.css');</style><h1 class="title">x</h1>`, { [`${BASE}fonts.css`]: `@font-face{font-family:Brand;src:url(files/brand.woff2)} .title{font-family:Brand}` })).toBe('font_unavailable:brand');
  });

  it('judges stylesheets up to PIN_CAPS.MAX_JUDGED_CSS_BYTES in document order; one past it sends the version to Chromium', () => {
    const filler = `.unused{color:red}\n`.repeat(Math.floor(PIN_CAPS.MAX_JUDGED_CSS_BYTES / 2 / 19));
    const html = `<link rel="stylesheet" href="${BASE}a.css"><link rel="stylesheet" href="${BASE}b.css"><link rel="stylesheet" href="${BASE}c.css"><p>x</p>`;
    const sheets = [`${BASE}a.css`, `${BASE}b.css`, `${BASE}c.css`].map((url) => ({ url, css: filler }));
    const verdicts = judgePinnedStylesheets(html, sheets, new Set(sheets.map((s) => s.url)));
    expect(sheets.map((s) => verdicts.get(s.url)!.findings)).toEqual([[], [], [{ reason: 'unsupported_css:unjudged', selector: null }]]);
    expect(verdicts.get(`${BASE}a.css`)!.unmatched_rules).toBe(verdicts.get(`${BASE}a.css`)!.rules);
  });

  it('answers unparsable for a pinned stylesheet it cannot read, whatever the document', () => {
    expect(gateAfterPinning(`<link rel="stylesheet" href="${BASE}fw.css"><p>x</p>`, { [`${BASE}fw.css`]: '.a{color:"red}' })).toBe('unsupported_css:unparsable');
  });

  it('judges the template\'s own stylesheet by the same rule: an unused rule refuses nothing', () => {
    const own = (body: string) => staticGate({ type: 'image', format: 'png', composition_html: `<style>.side{float:left}</style>${body}`, placeholders: [] });
    expect(own('<p>x</p>')).toBeNull();
    expect(own('<p class="side">x</p>')).toBe('unsupported_css:float');
  });
});
