import { type Declaration, type Root, type Rule } from 'postcss';
import type { CssInput, Node } from '@takumi-rs/core';
import { cssTimeMs, inKeyframes, splitTopLevel, parseCss } from '@rp/engine-gate';
import { couldMatchElement, elementKeyOf as keyOf, type ElementKey } from '../image/could-match-element';
import { cssPropertyName } from '../image/css-property-name';
import { rootBoxesFixed } from './root-boxes-fixed';

// What html and body may declare for their painted background to be drawn once per chunk: the background itself,
// the box sizes and the inherited text properties (which only their descendants draw). Anything else painted with
// their box (border, shadow, filter, opacity, transform, clip, mask, outline ...) or any motion refuses the cache.
const ROOT_PROPERTIES = new Set([
  'background', 'background-color', 'background-image', 'background-position', 'background-position-x', 'background-position-y',
  'background-size', 'background-repeat', 'background-origin', 'background-clip', 'background-attachment',
  'width', 'height', 'min-width', 'min-height', 'max-width', 'max-height', 'box-sizing', 'display', 'position', 'top', 'right', 'bottom', 'left',
  'overflow', 'overflow-x', 'overflow-y', 'font', 'font-family', 'font-size', 'font-weight', 'font-style', 'font-variant', 'font-stretch',
  'font-feature-settings', 'font-kerning', 'font-synthesis', '-webkit-font-smoothing', '-moz-osx-font-smoothing', 'text-rendering',
  'color', 'line-height', 'letter-spacing', 'word-spacing', 'text-align', 'text-transform', 'text-indent', 'white-space', 'word-break',
  'word-wrap', 'overflow-wrap', 'hyphens', 'tab-size', '-webkit-text-size-adjust', 'text-size-adjust',
  'align-items', 'align-content', 'justify-content', 'justify-items', 'place-items', 'place-content', 'flex-direction', 'flex-wrap',
  'flex-flow', 'gap', 'row-gap', 'column-gap', 'grid-template-columns', 'grid-template-rows', 'grid-template-areas', 'grid-auto-flow',
  'cursor', 'user-select', '-webkit-user-select', 'pointer-events', '-webkit-tap-highlight-color',
]);
const ROOT_PREFIXES = ['margin', 'padding', '--'];

// What an animation or transition of an element inside body may change: paint only, never layout, so the boxes of
// html and body (and so their backgrounds) are the same at every instant.
const PAINT_ONLY = new Set([
  'opacity', 'transform', 'translate', 'rotate', 'scale', 'transform-origin', 'color', 'background-color', 'background-image',
  'background-position', 'background-position-x', 'background-position-y', 'background-size', 'background', 'filter',
  'backdrop-filter', 'box-shadow', 'text-shadow', 'clip-path', 'border-radius', 'border-color', 'border-top-color',
  'border-right-color', 'border-bottom-color', 'border-left-color', 'outline-color', 'text-decoration-color', 'fill', 'stroke',
  'stroke-dashoffset', 'animation-timing-function',
]);
// Never animated, whatever the layout: an animated visibility outranks the `visibility: hidden` of the
// background-only drawing, an animated z-index can put a box below body's background.
const NEVER_ANIMATED = new Set(['visibility', 'z-index', 'all', 'content-visibility']);
const TIMING_TOKEN = /^(linear|ease|ease-in|ease-out|ease-in-out|step-start|step-end|allow-discrete|normal|none|cubic-bezier\(.*\)|steps\(.*\)|linear\(.*\))$/i;

const isRootProperty = (prop: string) => ROOT_PROPERTIES.has(prop) || ROOT_PREFIXES.some((p) => prop.startsWith(p));
const isContainer = (n: Node | undefined, tag: string) => n?.type === 'container' && n.tagName?.toLowerCase() === tag;

/**
 * Why a declaration on html or body refuses the cache, if it does: a property not allowed there, `background-clip:
 * text` (it paints through the children's glyphs), or an `!important` background the cache's inline one would lose to.
 */
function rootDeclarationRefusal(prop: string, value: string, important: boolean): string | null {
  if (!isRootProperty(prop)) return `root_property:${prop}`;
  if (prop.startsWith('background') && important) return 'important_background';
  if (prop.startsWith('background') && /\btext\b/i.test(value)) return `root_property:${prop}`;
  return null;
}

/** An `!important` visibility would outrank the `visibility: hidden` the background-only drawing puts inside body. */
const importantVisibility = (prop: string, important: boolean) => important && (prop === 'visibility' || prop === 'all');

/** Properties named by a `transition` or `transition-property` value (times and timing functions skipped). */
function transitionedProperties(value: string): string[] {
  return splitTopLevel(value, ',').flatMap((item) => splitTopLevel(item, ' ').filter((t) => cssTimeMs(t) === null && !TIMING_TOKEN.test(t)).map((t) => t.toLowerCase()));
}

/** `fixed`: html's and body's boxes do not depend on their content (rootBoxesFixed), so layout may move inside. */
function motionRefusal(prop: string, value: string, inKeyframes: boolean, fixed: boolean): string | null {
  const moved = inKeyframes ? [prop] : prop === 'transition' || prop === 'transition-property' ? transitionedProperties(value) : [];
  const never = moved.find((p) => NEVER_ANIMATED.has(p));
  if (never) return `animated:${never}`;
  const layout = fixed ? undefined : moved.find((p) => !PAINT_ONLY.has(p));
  if (layout) return `layout_animation:${layout}`;
  // below the background in CSS painting order (negative z-index) or above it by a choice that animations can change
  if (prop === 'z-index' && value.trim().startsWith('-')) return 'negative_z_index';
  return null;
}

/** A rule that may apply to html or body: every declaration must be allowed there; a pseudo-element must draw no box. */
function rootRuleRefusal(rule: Rule, roots: ElementKey[]): string | null {
  for (const selector of rule.selectors) {
    for (const root of roots) {
      const m = couldMatchElement(selector, root);
      if (!m.matches) continue;
      if (m.pseudoElement === 'before' || m.pseudoElement === 'after') {
        const content = rule.nodes.find((d): d is Declaration => d.type === 'decl' && d.prop.toLowerCase() === 'content');
        if (content && !/^(none|normal)$/i.test(content.value.trim())) return 'root_pseudo_element';
        continue;
      }
      if (m.pseudoElement) return 'root_pseudo_element';
      for (const d of rule.nodes) {
        const refusal = d.type === 'decl' ? rootDeclarationRefusal(d.prop.toLowerCase(), d.value, d.important === true) : null;
        if (refusal) return refusal;
      }
    }
  }
  return null;
}

function sheetRefusal(sheet: Root, roots: ElementKey[], fixed: boolean): string | null {
  let refusal: string | null = null;
  sheet.walkDecls((d) => {
    if (importantVisibility(d.prop.toLowerCase(), d.important === true)) refusal ??= 'important_visibility';
    refusal ??= motionRefusal(d.prop.toLowerCase(), d.value, inKeyframes(d), fixed);
  });
  sheet.walkRules((rule) => {
    if (!inKeyframes(rule)) refusal ??= rootRuleRefusal(rule, roots);
  });
  return refusal;
}

/** Inline styles and presets: html's and body's must be allowed there, their descendants' must not move layout. */
function treeRefusal(node: Node, isRoot: boolean, fixed: boolean): string | null {
  for (const style of [node.style, node.preset]) {
    for (const [key, raw] of Object.entries(style ?? {})) {
      const prop = cssPropertyName(key);
      const value = String(raw);
      const important = value.includes('!important');
      if (!isRoot && importantVisibility(prop, important)) return 'important_visibility';
      const refusal = isRoot ? rootDeclarationRefusal(prop, value, important) : motionRefusal(prop, value, false, fixed);
      if (refusal) return refusal;
    }
  }
  return null;
}

function descendantsRefusal(node: Node, fixed: boolean): string | null {
  const own = treeRefusal(node, false, fixed);
  if (own) return own;
  for (const c of node.type === 'container' ? (node.children ?? []) : []) {
    const refusal = descendantsRefusal(c, fixed);
    if (refusal) return refusal;
  }
  return null;
}


/**
 * Why a prepared native document's root background (what html and body paint) may NOT be drawn once and reused for
 * every frame, or null when it may: html holds exactly body; html and body declare only what ROOT_PROPERTIES allows
 * (no animation, transition or anything else painted with their box, no `::before`/`::after` box); every animation
 * and transition inside body changes paint only (PAINT_ONLY), unless html's and body's boxes are fixed whatever their
 * content (rootBoxesFixed: the composed canvas rule), and none animates visibility or z-index; no background of html or body and no
 * visibility is `!important` (the inline styles the cache sets must win); nothing has a negative z-index (painted
 * below body's background). Conservative: a refusal costs speed only, an acceptance that is wrong would cost frames.
 */
export function backgroundCacheRefusal(node: Node, css: readonly CssInput[]): string | null {
  if (!isContainer(node, 'html')) return 'root_not_html';
  const children = node.type === 'container' ? (node.children ?? []) : [];
  const body = children[0];
  if (children.length !== 1 || !isContainer(body, 'body')) return 'root_not_html_body';
  const roots = [keyOf(node), keyOf(body!)];
  const sheets: Root[] = [];
  for (const sheet of css) {
    if (typeof sheet !== 'string') return 'css_object';
    try {
      sheets.push(parseCss(sheet));
    } catch {
      return 'css_unreadable';
    }
  }
  const fixed = rootBoxesFixed(sheets, roots, [node, body!]);
  for (const sheet of sheets) {
    const refusal = sheetRefusal(sheet, roots, fixed);
    if (refusal) return refusal;
  }
  const rootRefusal = treeRefusal(node, true, fixed) ?? treeRefusal(body!, true, fixed);
  if (rootRefusal) return rootRefusal;
  for (const c of body!.type === 'container' ? (body!.children ?? []) : []) {
    const refusal = descendantsRefusal(c, fixed);
    if (refusal) return refusal;
  }
  return null;
}
