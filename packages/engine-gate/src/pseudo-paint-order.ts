import type { Selector } from 'css-what';
import type { AnyNode, Element } from 'domhandler';
import postcss, { type Declaration, type Rule } from 'postcss';
import { outranks, select, specificity } from './static-hidden';

/** The properties the paint order of a pseudo-element's stand-in depends on. */
type Prop = 'position' | 'display' | 'z-index';
const PROPS = new Set<string>(['position', 'display', 'z-index']);
/** A property's value on an element by the cascade (importance, inline style, specificity, order); undefined: initial. */
export type Computed = (el: Element, prop: Prop) => string | undefined;
/** A selector as the stand-ins' document reads it: of elements (stand-ins excepted) or of stand-ins (`X > rp-before`). */
export interface CascadeSelector { rule: Rule; order: number; tokens: Selector[]; standIns: boolean }

/** Thrown when the document cannot be drawn faithfully with stand-ins; the caller then leaves it as it was. */
export class PaintOrderRefused extends Error {}

/** Elements whose box is block-level in Chromium's UA stylesheet; any other element without a `display` is inline. */
const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure',
  'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section',
  'summary', 'table', 'ul',
]);

export function computedStyle(sels: CascadeSelector[], dom: AnyNode, isStandIn: (el: Element) => boolean): Computed {
  const won = new Map<Element, Map<string, { value: string; rank: number[] }>>();
  const offer = (el: Element, d: Declaration, rank: number[]) => {
    const prop = d.prop.toLowerCase();
    const byProp = won.get(el) ?? new Map();
    const held = byProp.get(prop);
    // a tie goes to the later declaration, which is offered last
    if (!held || !outranks(held.rank, rank)) byProp.set(prop, { value: d.value.trim().toLowerCase(), rank });
    won.set(el, byProp);
  };
  for (const s of sels) {
    const decls = s.rule.nodes.filter((n): n is Declaration => n.type === 'decl' && PROPS.has(n.prop.toLowerCase()));
    if (!decls.length) continue;
    for (const el of select([s.tokens], dom)) {
      if (isStandIn(el) !== s.standIns) continue;
      for (const d of decls) offer(el, d, [d.important ? 1 : 0, 0, ...specificity(s.tokens), s.order]);
    }
  }
  for (const el of select('[style]', dom)) {
    postcss.parse(el.attribs.style ?? '').walkDecls((d) => {
      if (PROPS.has(d.prop.toLowerCase())) offer(el, d, [d.important ? 1 : 0, 1, 0, 0, 0, 0]);
    });
  }
  return (el, prop) => won.get(el)?.get(prop)?.value;
}

const positioned = (v: string | undefined) => v !== undefined && v !== 'static';
const inlineLevel = (el: Element, c: Computed) => {
  const d = c(el, 'display');
  return d === undefined ? !BLOCK_TAGS.has(el.name) : d !== 'none' && !/^(block|flex|grid|table|list-item|flow-root)$/.test(d);
};
const positiveZ = (v: string | undefined) => v !== undefined && /^\+?\d+$/.test(v) && Number(v) > 0;
const elementsUnder = (el: Element): Element[] => el.children.flatMap((c) => (c.type === 'tag' ? [c as Element, ...elementsUnder(c as Element)] : []));
const withStyle = (el: Element, decl: string) => {
  const style = (el.attribs.style ?? '').trim();
  el.attribs.style = style ? `${style.replace(/;$/, '')};${decl}` : decl;
};

/**
 * takumi paints an inline-level box in its line, under an absolutely positioned sibling drawn after the lines, where
 * Chromium paints a positioned inline box (a lower third's `position:relative; z-index:1; display:inline-block` text)
 * over the pseudo-element that fills its row. Where a host's positioned stand-ins share it with positioned inline
 * content, the order is spelled out so both engines paint alike: the host becomes a stacking context (`z-index:0`
 * on a positioned host, drawn where a `z-index:auto` one is) and the stand-ins go to its bottom (`z-index:-1`).
 * That is Chromium's order only when everything else in the host is positioned (nothing in flow that the positioned
 * stand-ins would cover) and an `::after` box is under positive z-indexes alone; otherwise PaintOrderRefused.
 */
export function settlePaintOrder(hosts: Element[], c: Computed, isStandIn: (el: Element) => boolean): void {
  for (const host of hosts) {
    const standIns = host.children.filter((n): n is Element => n.type === 'tag' && isStandIn(n as Element));
    const raised = standIns.filter((s) => positioned(c(s, 'position')));
    if (!raised.length) continue;
    const content = elementsUnder(host).filter((el) => !isStandIn(el) && !standIns.some((s) => elementsUnder(s).includes(el)));
    if (!content.some((el) => positioned(c(el, 'position')) && inlineLevel(el, c))) continue;
    const children = host.children.filter((n) => !(n.type === 'tag' && isStandIn(n as Element)));
    const allPositioned = children.every((n) => (n.type === 'text' ? !(n as unknown as { data: string }).data.trim() : n.type === 'comment' || (n.type === 'tag' && positioned(c(n as Element, 'position')))));
    const nested = content.some((el) => el.parent !== host && positioned(c(el, 'position')));
    const zAuto = (el: Element) => (c(el, 'z-index') ?? 'auto') === 'auto';
    const afterUnder = !raised.some((s) => s.name.endsWith('after')) || children.every((n) => n.type !== 'tag' || positiveZ(c(n as Element, 'z-index')));
    const childrenZ = children.every((n) => n.type !== 'tag' || zAuto(n as Element) || positiveZ(c(n as Element, 'z-index')));
    if (!(positioned(c(host, 'position')) && zAuto(host) && raised.every(zAuto) && allPositioned && !nested && afterUnder && childrenZ)) throw new PaintOrderRefused();
    withStyle(host, 'z-index:0');
    for (const s of raised) withStyle(s, 'z-index:-1');
  }
}
