import { selectAll } from 'css-select';
import { parse as parseSelector, SelectorType, type Selector } from 'css-what';
import type { ChildNode, Element } from 'domhandler';
import { parseFragment } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';
import type { Root, Rule } from 'postcss';
import { directedProgress, easingOf } from './animation-progress';
import { cascadeAnimations } from './cascade-animations';
import { isKeyframesRule } from './is-keyframes-rule';
import { normalizeCss } from './normalize-css';
import type { ParsedAnimation } from './parse-animations';
import { parseCss } from './parse-css';
import { svgValue, type AnimatedValue } from './svg-animated-values';
import { svgKeyframes, trackValue, type SvgKeyframes } from './svg-keyframes';

/** An inline `<svg>` whose CSS animations the native engine bakes into its markup, frame by frame. */
export interface SvgMotion {
  /** The markup with each animated value at `timeMs`: `transform` as the attribute, numbers in `style`. */
  at(timeMs: number): string;
  /** After this instant nothing moves (Infinity when an animation repeats forever). */
  endMs: number;
}

/** A moving inline `<svg>`: how to draw it at any instant, or why the native engine cannot. */
export type SvgMotionPlan = { motion: SvgMotion } | { refused: string };

const SMIL = new Set(['animate', 'animatetransform', 'animatemotion', 'set', 'animatecolor']);

interface Animated {
  el: Element;
  animations: Array<{ a: ParsedAnimation; keyframes: SvgKeyframes }>;
}

const elementsOf = (nodes: ChildNode[]): Element[] =>
  nodes.flatMap((n) => (n.type === 'tag' || n.type === 'script' || n.type === 'style' ? [n as Element, ...elementsOf((n as Element).children)] : []));

const textOf = (el: Element) => el.children.map((c) => ('data' in c ? String(c.data) : '')).join('');

/** (a, b, c) of a selector: ids, classes/attributes/pseudo-classes, types/pseudo-elements. */
function specificity(selector: Selector[]): number {
  let [a, b, c] = [0, 0, 0];
  for (const t of selector) {
    if (t.type === SelectorType.Attribute) (t.name === 'id' && t.action === 'equals' ? a++ : b++);
    else if (t.type === SelectorType.Pseudo) b++;
    else if (t.type === SelectorType.Tag || t.type === SelectorType.PseudoElement) c++;
  }
  return a * 1e6 + b * 1e3 + c;
}

/** Each element's animation declarations, lowest in the cascade first (specificity, then order; `style` last), or a reason. */
function declarationsByElement(sheets: Root[], elements: Element[], root: Element): Map<Element, Array<{ prop: string; value: string }>> | string {
  const hits: Array<{ el: Element; rank: number; order: number; prop: string; value: string }> = [];
  let order = 0;
  let reason: string | null = null;
  const rule = (r: Rule) => {
    const decls = r.nodes.flatMap((d) => (d.type === 'decl' && d.prop.toLowerCase().startsWith('animation') ? [{ prop: d.prop, value: d.value }] : []));
    if (!decls.length || isKeyframesRule(r.parent as never)) return;
    if (r.parent?.type !== 'root') return void (reason ??= 'unsupported_animation:svg:at-rule');
    for (const selector of r.selectors) {
      let matched: Element[];
      let rank: number;
      try {
        matched = selectAll(selector, root);
        rank = Math.max(...parseSelector(selector).map(specificity));
      } catch {
        return void (reason ??= 'unsupported_animation:svg:selector');
      }
      for (const el of matched) for (const d of decls) hits.push({ el, rank, order: order++, ...d });
    }
  };
  for (const sheet of sheets) sheet.walkRules(rule);
  if (reason) return reason;
  for (const el of elements) {
    const style = el.attribs.style;
    if (style && /animation/i.test(style)) {
      normalizeCss(parseCss(`x{${style}}`)).walkDecls((d) => {
        if (d.prop.toLowerCase().startsWith('animation')) hits.push({ el, rank: Infinity, order: order++, prop: d.prop, value: d.value });
      });
    }
  }
  hits.sort((x, y) => x.rank - y.rank || x.order - y.order);
  const out = new Map<Element, Array<{ prop: string; value: string }>>();
  for (const h of hits) out.set(h.el, [...(out.get(h.el) ?? []), { prop: h.prop, value: h.value }]);
  return out;
}

/** The elements that move, each animation with its keyframes, or the reason one cannot be baked. */
function animatedElements(markup: string): { root: Element; animated: Animated[] } | string | null {
  const fragment = parseFragment(markup, { treeAdapter: adapter, sourceCodeLocationInfo: true });
  const root = elementsOf(fragment.children as ChildNode[]).find((e) => e.name.toLowerCase() === 'svg');
  if (!root) return null;
  const elements = elementsOf([root]);
  if (elements.some((e) => SMIL.has(e.name.toLowerCase()))) return 'unsupported_animation:svg:smil';
  let sheets: Root[];
  try {
    sheets = elements.filter((e) => e.name.toLowerCase() === 'style').map((e) => normalizeCss(parseCss(textOf(e))));
  } catch {
    return 'unsupported_animation:svg:unparsable';
  }
  const declared = declarationsByElement(sheets, elements, root);
  if (typeof declared === 'string') return declared;
  const keyframes = svgKeyframes(sheets);
  const animated: Animated[] = [];
  for (const [el, decls] of declared) {
    const animations = cascadeAnimations(decls);
    if ('unknown' in animations) return `unsupported_animation:svg:${animations.unknown}`;
    const running: Animated['animations'] = [];
    for (const a of animations) {
      const frames = a.name === null ? undefined : keyframes.get(a.name.replace(/^(["'])(.*)\1$/, '$2'));
      if (!frames) continue; // no keyframes of that name: the animation does nothing
      if (typeof frames === 'string') return frames;
      if (a.playState !== 'running') return `unsupported_animation:svg:play-state:${a.playState}`;
      if (!(a.durationMs > 0)) return 'unsupported_animation:svg:duration';
      if (!easingOf(a.timing)) return 'unsupported_animation:svg:timing';
      running.push({ a, keyframes: frames });
    }
    if (running.length) animated.push({ el, animations: running });
  }
  return { root, animated };
}

/** Each animated property's value at `timeMs` (a later animation of the list wins, as in CSS). */
function valuesAt(animations: Animated['animations'], timeMs: number): Map<string, AnimatedValue> {
  const values = new Map<string, AnimatedValue>();
  for (const { a, keyframes } of animations) {
    const progress = directedProgress(a, timeMs);
    if (progress === null) continue;
    for (const [prop, track] of keyframes) values.set(prop, trackValue(track, progress, a.timing));
  }
  return values;
}

/** Where a start tag's attribute sits in the markup, and where a new one goes (after the tag name). */
function spliceSites(markup: string, el: Element) {
  // parse5's location of an element, which carries its start tag's attributes (domhandler's type leaves them out)
  const loc = el.sourceCodeLocation as unknown as { startOffset: number; attrs?: Record<string, { startOffset: number; endOffset: number }> };
  const nameEnd = loc.startOffset + /^<[^\s/>]+/.exec(markup.slice(loc.startOffset))![0].length;
  return { nameEnd, transform: loc.attrs?.transform, style: loc.attrs?.style };
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * How an inline `<svg>`'s markup (as takumi's converter gives it to resvg) moves: null when nothing in it animates,
 * else its motion, or the reason the native engine cannot draw it. Its own `<style>` sheets and `style` attributes
 * are read as Chromium reads them (normalizeCss), the cascade picks each element's animations, and each frame's
 * values are written into a copy of the markup: resvg then draws that frame as a still. Refused: SMIL, animations
 * inside at-rules, properties outside SVG_ANIMATED_PROPERTIES, transform lists that do not interpolate function by
 * function, keyframes left out at 0 % or 100 %, paused animations.
 */
export function svgMotion(markup: string): SvgMotionPlan | null {
  // most inline SVGs are icons that never move: no parse for them (both `animation` and SMIL's `<animate…>` match)
  if (!/animat/i.test(markup)) return null;
  const found = animatedElements(markup);
  if (found === null || (typeof found !== 'string' && found.animated.length === 0)) return null;
  if (typeof found === 'string') return { refused: found };
  const sites = found.animated.map((x) => ({ ...x, ...spliceSites(markup, x.el) })).sort((p, q) => p.nameEnd - q.nameEnd);
  const endMs = Math.max(...found.animated.flatMap((x) => x.animations.map(({ a }) => a.delayMs + a.iterations * a.durationMs)));
  const at = (timeMs: number) => {
    let out = '';
    let copied = 0;
    for (const s of sites) {
      const values = valuesAt(s.animations, timeMs);
      const transform = values.get('transform');
      values.delete('transform');
      const edits: Array<{ from: number; to: number; text: string }> = [];
      if (transform) edits.push({ ...(s.transform ? { from: s.transform.startOffset, to: s.transform.endOffset } : { from: s.nameEnd, to: s.nameEnd }), text: `${s.transform ? '' : ' '}transform="${svgValue(transform)}"` });
      if (values.size) {
        const css = [...values].map(([p, v]) => `${p}:${svgValue(v)}`).join(';');
        const own = s.style ? `${s.el.attribs.style};` : '';
        edits.push({ ...(s.style ? { from: s.style.startOffset, to: s.style.endOffset } : { from: s.nameEnd, to: s.nameEnd }), text: `${s.style ? '' : ' '}style="${escapeAttr(own + css)}"` });
      }
      for (const e of edits.sort((p, q) => p.from - q.from)) {
        out += markup.slice(copied, e.from) + e.text;
        copied = e.to;
      }
    }
    return out + markup.slice(copied);
  };
  return { motion: { at, endMs } };
}
