import type { Page } from 'puppeteer';
import type { ChromiumCssAliasTable } from '@rp/engine-gate';
import { BLINK_ALIAS_FOR } from './blink-alias-for';

/**
 * Values tried after each alias, to find those it reads differently from its target: a spread of the value syntaxes
 * prefixed properties take (lengths, keywords, times, functions, lists). Only values Chromium parses after the alias
 * are compared, so the list decides what is tried, never what is found.
 */
const PROBE_VALUES = [
  '0', '1', '2', '10px', '10px 20px', '1px 2px', '50%', 'auto', 'none', 'normal', 'hidden', 'visible', 'center',
  'flex-start', 'flex-end', 'start', 'end', 'space-between', 'stretch', 'baseline', 'row', 'column', 'row-reverse',
  'wrap', 'red', '1s', '1s 2s', 'ease-in', 'linear', 'steps(2)', 'infinite', 'alternate', 'forwards', 'paused', 'spin',
  'spin 1s linear infinite', 'opacity 1s', 'all 1s ease', 'blur(2px)', 'rotate(10deg)', 'translateX(10px)', 'scale(2)',
  'preserve-3d', 'flat', 'border-box', 'content-box', 'padding-box', 'text', 'content', 'padding', 'border',
  'inset 0 0 5px red', '0 0 5px red', 'circle(50%)', 'url(a.png)', 'linear-gradient(red, blue)', 'always', 'avoid',
  'page', 'left', 'all', '2px solid red', 'dotted', 'thin', '"a"', 'open', 'dot', 'over right', 'uppercase',
  'break-all', 'break-word', 'anywhere', 'vertical-rl', 'horizontal-tb', 'upright', 'top', 'bottom', 'contain', 'cover',
  'repeat-x', 'no-repeat', 'round', 'xor', 'source-over', 'add', 'exact', 'economy', 'drag', 'no-drag', '1 1 auto',
  '1 0 10px', '"liga" 1', '10px auto', '2 3', 'button',
];

/**
 * In the page: every property name CSSStyleDeclaration exposes (camelCase, dashed here) and the candidates, each set
 * to `initial` on a fresh element. A name CSSOM then serialises under another property is stored as that property:
 * an alias. Each probe value Chromium parses after the alias is compared with the same value set on the target; where
 * the alias stores a value the target does not accept (a legacy keyword), a longhand target's computed value says
 * what it means.
 */
const ALIASES_FN = `(candidates, probes) => {
  const dash = (k) => k.replace(/^(webkit|epub)(?=[A-Z])/, '-$1').replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
  const exposed = Object.getOwnPropertyNames(document.body.style).filter((k) => /^[a-zA-Z]+$/.test(k)).map(dash);
  const names = [...new Set([...exposed, ...candidates])].sort();
  const declared = (name, value) => { const el = document.createElement('div'); el.style.setProperty(name, value); return el; };
  const storedUnder = (name) => { const t = declared(name, 'initial').style.cssText; return t ? t.slice(0, t.indexOf(':')) : null; };
  const longhands = new Set(Array.from(getComputedStyle(document.body)));
  const computed = (el, name) => { document.body.append(el); const v = getComputedStyle(el).getPropertyValue(name); el.remove(); return v; };
  const aliases = {}, valueDifferences = {}, properties = [];
  for (const name of names) {
    const target = storedUnder(name);
    if (target === name) properties.push(name);
    if (!target || target === name) continue;
    aliases[name] = target;
    const diffs = [];
    for (const value of probes) {
      if (!CSS.supports(name, value)) continue;
      const el = declared(name, value);
      const means = el.style.getPropertyValue(target);
      if (means === declared(target, value).style.getPropertyValue(target)) continue;
      const d = { value, means };
      if (!CSS.supports(target, means) && longhands.has(target)) d.computed = computed(el, target);
      diffs.push(d);
    }
    if (diffs.length) valueDifferences[name] = diffs;
  }
  return { names, properties, aliases, valueDifferences };
}`;

/** In the page: the -webkit-box-* names, the legacy box displays, and how many lines each way of clamping leaves. */
const WEBKIT_BOX_FN = `(names) => {
  const stored = (name) => { const el = document.createElement('div'); el.style.setProperty(name, 'initial'); const t = el.style.cssText; return t.slice(0, t.indexOf(':')); };
  const div = document.body.appendChild(document.createElement('div'));
  const properties = {};
  for (const name of names.filter((n) => n.startsWith('-webkit-box-'))) {
    const under = stored(name);
    properties[name] = under === name ? { real: true, initial: getComputedStyle(div).getPropertyValue(name) } : { real: false, aliasOf: under };
  }
  const displays = {};
  for (const v of ['-webkit-box', '-webkit-inline-box', '-webkit-flex', '-webkit-inline-flex']) {
    if (!CSS.supports('display', v)) continue;
    div.style.display = v;
    displays[v] = getComputedStyle(div).display;
  }
  div.remove();
  const lines = (style) => {
    const p = document.createElement('p');
    p.setAttribute('style', 'margin:0;width:120px;font:16px/20px serif;' + style);
    p.textContent = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen';
    document.body.append(p);
    const n = Math.round(p.getBoundingClientRect().height / 20);
    p.remove();
    return n;
  };
  const clamp = '-webkit-line-clamp:2;overflow:hidden;';
  return {
    properties,
    displays,
    lineClamp: {
      unclamped: lines(''),
      idiom: lines('display:-webkit-box;-webkit-box-orient:vertical;' + clamp),
      idiomWithoutOrient: lines('display:-webkit-box;' + clamp),
      idiomOnBlock: lines('display:block;-webkit-box-orient:vertical;' + clamp),
      standardLineClamp: CSS.supports('line-clamp', '2') ? lines('line-clamp:2;overflow:hidden') : null,
    },
  };
}`;

/**
 * The alias table (packages/engine-gate/src/chromium-css-aliases.ts), measured on the page's Chromium: which names it
 * parses as themselves, which it stores under another property, the values some of them read differently, and the legacy `-webkit-box` facts the
 * line-clamp idiom needs.
 */
export async function measureCssAliases(page: Page): Promise<ChromiumCssAliasTable> {
  await page.setContent('<!DOCTYPE html><html><head></head><body></body></html>');
  const found = (await page.evaluate(`(${ALIASES_FN})(${JSON.stringify(Object.keys(BLINK_ALIAS_FOR))}, ${JSON.stringify(PROBE_VALUES)})`)) as {
    names: string[];
    properties: string[];
    aliases: Record<string, string>;
    valueDifferences: ChromiumCssAliasTable['valueDifferences'];
  };
  const webkitBox = (await page.evaluate(`(${WEBKIT_BOX_FN})(${JSON.stringify(found.names)})`)) as ChromiumCssAliasTable['webkitBox'];
  return { chromium: await page.browser().version(), properties: found.properties, aliases: found.aliases, valueDifferences: found.valueDifferences, webkitBox };
}
