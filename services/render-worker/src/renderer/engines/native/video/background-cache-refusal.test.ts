import { composeDocument } from '../../../compose-document';
import { backgroundCacheRefusal } from './background-cache-refusal';
import { couldMatchElement } from '../image/could-match-element';
import { nativeUaStylesheet } from '../image/native-ua-stylesheet';
import { prepareNativeDocument } from '../image/prepare-native-document';

const child = `<div class="a">x</div><style>.a{animation:go 1s both}@keyframes go{from{transform:translateX(-20px);opacity:0}to{transform:none;opacity:1}}</style>`;
const refusal = (css: string, body = child, bodyAttrs = '') => {
  const doc = prepareNativeDocument(`<!doctype html><html><head><style>html,body{margin:0;width:640px;height:360px}${css}</style></head><body${bodyAttrs}>${body}</body></html>`);
  return backgroundCacheRefusal(doc.node, [nativeUaStylesheet({ transparent: false }), ...doc.css]);
};

describe('backgroundCacheRefusal', () => {
  it('caches a gradient, image or colour background under paint-only animations', () => {
    expect(refusal('body{background:linear-gradient(135deg,#000,#fff);position:relative;font-family:Arial;color:#fff;overflow:hidden}')).toBeNull();
    expect(refusal('html{background:#fff}body{background:url(https://x.test/a.png) center/cover,radial-gradient(#f00,#00f)}')).toBeNull();
    expect(refusal('*,*::before,*::after{box-sizing:border-box;margin:0}:root{--c:#123}body{background-color:var(--c);padding:8px}')).toBeNull();
    expect(refusal('body{background:#000}.a{transition:opacity .3s ease-out,transform 1s cubic-bezier(.2,.9,.3,1.4)}')).toBeNull();
    expect(refusal('.x body{background:#000}', child, ' style="background:#123;margin:0"')).toBeNull();
  });

  it('refuses what html or body paint with their box besides the background', () => {
    expect(refusal('body{background:#123;box-shadow:0 0 4px #000}')).toBe('root_property:box-shadow');
    expect(refusal('html{border:4px solid red}')).toBe('root_property:border');
    expect(refusal('body{filter:blur(2px)}')).toBe('root_property:filter');
    expect(refusal(':root{opacity:.5}')).toBe('root_property:opacity');
    expect(refusal('html body{transform:rotate(1deg)}')).toBe('root_property:transform');
    expect(refusal('body{background:linear-gradient(#f00,#00f);background-clip:text}')).toBe('root_property:background-clip');
    expect(refusal('', child, ' style="outline:2px solid red"')).toBe('root_property:outline');
    // a pseudo-element the preparation leaves to takumi (content from attr()) is body's own box
    expect(refusal('body::before{content:attr(data-x);position:absolute;inset:0;background:red}')).toBe('root_pseudo_element');
    // one it draws as an element (materializePseudoElements) is body's content, drawn on every frame over the raster
    expect(refusal('body::before{content:"";position:absolute;inset:0;background:red}')).toBeNull();
  });

  it('refuses motion of html or body, and motion inside that moves boxes', () => {
    expect(refusal('body{animation:flash 1s infinite}@keyframes flash{to{background-color:red}}')).toBe('root_property:animation');
    expect(refusal('html{transition:background-color 1s}')).toBe('root_property:transition');
    expect(refusal('@keyframes grow{to{height:200px}}.a{animation:grow 1s}')).toBe('layout_animation:height');
    expect(refusal('.a{transition:all .3s}')).toBe('animated:all');
    expect(refusal('@keyframes v{to{visibility:hidden}}')).toBe('animated:visibility');
  });

  describe('inside the composed canvas (html and body sized !important, overflow hidden)', () => {
    const canvas = 'html,body{margin:0!important;width:640px!important;height:360px!important;overflow:hidden!important}body{display:flex}';
    const grow = '@keyframes grow{from{width:0}to{width:240px}}.a{animation:grow 1s both}';
    it('lets layout move inside body: the root boxes cannot', () => {
      expect(refusal(`${canvas}${grow}`)).toBeNull();
      expect(refusal(`${canvas}${grow}html,body{height:100%}body{display:flex;align-items:center}`)).toBeNull();
      expect(refusal(`${canvas}${grow}body.x{display:grid}`, child, ' class="x"')).toBeNull();
      const composed = composeDocument({ html: `<style>${grow}body{display:flex;background:linear-gradient(#123,#456)}</style><div class="a">x</div>`, width: 640, height: 360, placeholders: [], modifications: [] });
      const doc = prepareNativeDocument(composed);
      expect(backgroundCacheRefusal(doc.node, [nativeUaStylesheet({ transparent: false }), ...doc.css])).toBeNull();
    });

    it('not when something else could size them, nor for visibility or z-index', () => {
      expect(refusal(`${canvas}${grow}body{min-height:400px}`)).toBe('layout_animation:width');
      expect(refusal(`${canvas}${grow}html body{height:auto!important}`)).toBe('layout_animation:width');
      expect(refusal(`${canvas}${grow}body{display:inline}`)).toBe('layout_animation:width');
      expect(refusal(`${grow}`)).toBe('layout_animation:width');
      // a block body: a first child's margin collapses through its top in takumi and moves it
      expect(refusal(`${canvas}${grow}body{display:block}`)).toBe('layout_animation:width');
      expect(refusal(`${canvas.replace('body{display:flex}', '')}${grow}`)).toBe('layout_animation:width');
      expect(refusal(`${canvas}@keyframes z{to{z-index:-1}}.a{animation:z 1s}`)).toBe('animated:z-index');
    });
  });

  it('refuses what would outrank or sit below the cached layer', () => {
    expect(refusal('html,body{margin:0!important;width:640px!important;overflow:hidden!important}.a{color:red!important}')).toBeNull();
    expect(refusal('body{background:#000!important}')).toBe('important_background');
    expect(refusal('', child, ' style="background-color:#000 !important"')).toBe('important_background');
    expect(refusal('.a{visibility:visible!important}')).toBe('important_visibility');
    expect(refusal('div{all:revert!important}')).toBe('important_visibility');
    expect(refusal('.a{position:absolute;z-index:-1}')).toBe('negative_z_index');
    expect(refusal('body{background:#000}', '<div style="z-index:-2;position:relative">x</div>')).toBe('negative_z_index');
  });

  it('refuses a tree that is not html holding body alone', () => {
    expect(backgroundCacheRefusal({ type: 'container', tagName: 'div', children: [] }, [])).toBe('root_not_html');
    expect(backgroundCacheRefusal({ type: 'container', tagName: 'html', children: [] }, [])).toBe('root_not_html_body');
  });
});

describe('couldMatchElement', () => {
  const body = { tag: 'body', id: 'main', classes: ['dark'] };
  it.each([
    ['body', true], ['html > body.dark', true], ['#main', true], ['*', true], ['[data-x]', true], [':not(.dark)', true],
    ['div', false], ['body.light', false], ['#other', false], [':root', false], ['body .light', false], ['p .dark', true], ['.dark div', false],
    ['.item:nth-child(2 of .x)', false], ['body:nth-child(1)', true], ['[data-x="a b"]', true], ['.a:not(.b c)', false],
    // the native UA sheet's rules, each one :where(): judged by what is inside
    [':where(ul ul)', false], [':where(center *)', true], [':where(p, body.dark)', true], [':is(p, [data-x="a,b"] div)', false], [':where(p):hover', true],
  ])('%s on body: %s', (selector, matches) => {
    expect(couldMatchElement(selector, body).matches).toBe(matches);
  });

  it('names the pseudo-element, legacy one-colon form included', () => {
    expect(couldMatchElement('body::before', body)).toEqual({ matches: true, pseudoElement: 'before' });
    expect(couldMatchElement('body:after', body)).toEqual({ matches: true, pseudoElement: 'after' });
    expect(couldMatchElement('body:hover', body)).toEqual({ matches: true });
  });
});
