import type { CDPSession, Page } from 'puppeteer';
import type { ChromiumUaDefaults } from '@rp/engine-gate';
import { DRAW_PROPERTIES, UA_CASES, type UaCase } from './ua-cases';

type Styles = Record<string, string>;
type Table = Record<string, Styles>;
interface Read {
  target: Styles;
  base: Styles;
  replica: Styles | null;
}

/** One standards-mode document with every case in its own plain div; `rootPx` sets the root font size. */
function documentFor(rootPx: number | null): string {
  const cases = UA_CASES.filter((c) => c.markup !== null).map((c) => `<div>${c.markup!.replace(' data-t', ` data-case="${c.key}"`)}</div>`);
  return `<!DOCTYPE html><html${rootPx ? ` style="font-size:${rootPx}px"` : ''}><head></head><body>${cases.join('')}</body></html>`;
}

const selectorOf = (c: UaCase) => (c.markup === null ? 'body' : `[data-case="${c.key}"]`);

/**
 * In the page: each case's computed style over the drawing properties, then a plain base element's and, given
 * declarations, a replica's (the base element with the declarations as its inline style) placed right after it, in
 * the same parent: what inherits there is the same.
 */
const READ_FN = `(cases, props, styles) => {
  const read = (el) => { const cs = getComputedStyle(el); return Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)])); };
  const targets = cases.map((c) => document.querySelector(c.selector));
  const out = {};
  cases.forEach((c, i) => { out[c.key] = { target: read(targets[i]), base: null, replica: null }; });
  cases.forEach((c, i) => {
    const base = document.createElement(c.base);
    targets[i].after(base);
    out[c.key].base = read(base);
    if (!styles) return;
    const replica = document.createElement(c.base);
    replica.setAttribute('style', styles[c.key]);
    base.after(replica);
    out[c.key].replica = read(replica);
  });
  return out;
}`;

async function readAll(page: Page, rootPx: number | null, table: Table | null): Promise<Record<string, Read>> {
  await page.setContent(documentFor(rootPx));
  const cases = UA_CASES.map((c) => ({ key: c.key, base: c.base, selector: selectorOf(c) }));
  const styles = table ? Object.fromEntries(UA_CASES.map((c) => [c.key, styleText(applied(table, c))])) : null;
  const args = [cases, DRAW_PROPERTIES, styles].map((a) => JSON.stringify(a)).join(', ');
  return (await page.evaluate(`(${READ_FN})(${args})`)) as Record<string, Read>;
}

const LOGICAL: Record<string, string> = { 'block-start': 'top', 'block-end': 'bottom', 'inline-start': 'left', 'inline-end': 'right' };
const physical = (name: string) => name.replace(/(block|inline)-(start|end)/, (m) => LOGICAL[m]!);

/**
 * What Chromium's user-agent rules declare for the element, as it parsed them (CDP `CSS.getMatchedStylesForNode`,
 * user-agent origin, in cascade order: a later declaration wins unless an earlier one is !important), for the
 * drawing properties; logical longhands named by their physical side.
 */
async function uaDeclared(cdp: CDPSession, rootNodeId: number, c: UaCase): Promise<Styles> {
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: rootNodeId, selector: selectorOf(c) });
  const { matchedCSSRules = [] } = await cdp.send('CSS.getMatchedStylesForNode', { nodeId });
  const out: Styles = {};
  const important = new Set<string>();
  for (const { rule } of matchedCSSRules) {
    if (rule.origin !== 'user-agent') continue;
    for (const p of rule.style.cssProperties) {
      const name = physical(p.name);
      if (!DRAW_PROPERTIES.includes(name) || (important.has(name) && !p.important)) continue;
      out[name] = p.value;
      if (p.important) important.add(name);
    }
  }
  return out;
}

const CSS_WIDE = ['inherit', 'initial', 'unset', 'currentcolor'];

/**
 * The declared value where it is author CSS a renderer can take as it is: not an internal value, not a system font
 * (whose longhands CDP reports empty) and, for colours, not a system colour keyword; else the computed value.
 */
function portable(name: string, declared: string, computed: string): string {
  if (!declared || declared.includes('-internal-')) return computed;
  if (name.endsWith('color') && !CSS_WIDE.includes(declared.toLowerCase())) return computed;
  return declared;
}

/** A case's declarations with those of the cases it extends under them: what applies to it. */
function applied(table: Table, c: UaCase): Styles {
  const parent = c.extends ? UA_CASES.find((p) => p.key === c.extends) : undefined;
  return { ...(parent ? applied(table, parent) : {}), ...table[c.key] };
}

const styleText = (s: Styles) => Object.entries(s).map(([k, v]) => `${k}:${v}`).join(';');

interface Mismatch {
  key: string;
  prop: string;
  rootPx: number | null;
  chromium: string;
  replica: string;
}

async function mismatches(page: Page, table: Table): Promise<Mismatch[]> {
  const out: Mismatch[] = [];
  for (const rootPx of [null, 32]) {
    const read = await readAll(page, rootPx, table);
    for (const c of UA_CASES) {
      const { target, replica } = read[c.key]!;
      for (const prop of DRAW_PROPERTIES) {
        if (target[prop] !== replica![prop]) out.push({ key: c.key, prop, rootPx, chromium: target[prop]!, replica: replica![prop]! });
      }
    }
  }
  return out;
}

/**
 * The user-agent tables (packages/engine-gate/src/chromium-ua-defaults.ts), measured: each case's UA declarations
 * (portable form), checked by drawing a replica of each case (its plain base element with the declarations inline)
 * at the default and a 32px root font size. A property the replica gets wrong that the UA sheet does not declare
 * (presentational hints: a table cell's 1px padding; shorthands CDP lists by longhand) takes its computed value when
 * that does not depend on the font size; anything still different fails the measurement.
 */
export async function measureUaDefaults(page: Page): Promise<Pick<ChromiumUaDefaults, 'declarations' | 'computed'>> {
  const first = await readAll(page, null, null);
  const cdp = await page.createCDPSession();
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const full: Table = {};
  for (const c of UA_CASES) {
    const declared = await uaDeclared(cdp, root.nodeId, c);
    full[c.key] = Object.fromEntries(Object.entries(declared).map(([p, v]) => [p, portable(p, v, first[c.key]!.target[p]!)]));
  }
  await cdp.detach();
  // a case that extends another keeps only what differs from it: the declarations its own selector adds
  const table: Table = Object.fromEntries(
    UA_CASES.map((c) => [c.key, Object.fromEntries(Object.entries(full[c.key]!).filter(([p, v]) => !c.extends || full[c.extends]![p] !== v))]),
  );
  const at32 = await readAll(page, 32, null);
  for (const m of await mismatches(page, table)) {
    const value = first[m.key]!.target[m.prop]!;
    if (value === at32[m.key]!.target[m.prop]) table[m.key]![m.prop] = value;
  }
  const left = await mismatches(page, table);
  if (left.length) throw new Error(`the UA declarations do not reproduce Chromium's computed style: ${JSON.stringify(left)}`);
  const computed: Table = Object.fromEntries(
    UA_CASES.map((c) => {
      const { target, base } = first[c.key]!;
      return [c.key, Object.fromEntries(DRAW_PROPERTIES.filter((p) => target[p] !== base[p]).map((p) => [p, target[p]!]))];
    }),
  );
  return { declarations: table, computed };
}
