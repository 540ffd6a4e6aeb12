import type { Declaration, Root, Rule } from 'postcss';
import type { Node } from '@takumi-rs/core';
import { couldMatchElement, type ElementKey } from '../image/could-match-element';
import { cssPropertyName } from '../image/css-property-name';

const PX = /^\d+(\.\d+)?px$/i;
/** What decides the size of html's and body's boxes beside the canvas rule's width, height and overflow. */
const SIZE_PROPERTIES = new Set(['width', 'height', 'inline-size', 'block-size', 'overflow', 'overflow-x', 'overflow-y', 'overflow-block', 'overflow-inline', 'display']);
/** Displays under which a fixed width and height give the box its size whatever its content. */
const SIZED_DISPLAYS = new Set(['block', 'flex', 'grid', 'flow-root']);
const MIN_MAX = /^(min|max)-/;
/** Containers whose children's margins never collapse through their edge (takumi collapses them through a block body). */
const NO_COLLAPSE = new Set(['flex', 'grid']);

const declarations = (rule: Rule) => rule.nodes.filter((d): d is Declaration => d.type === 'decl');

/**
 * The canvas rule composeDocument writes: `html,body{margin:0!important;width:Wpx!important;height:Hpx!important;
 * overflow:hidden!important}`.
 */
function isCanvasRule(rule: Rule): boolean {
  const selectors = rule.selectors.map((s) => s.trim().toLowerCase());
  if (!(selectors.includes('html') && selectors.includes('body'))) return false;
  const important = (prop: string) => declarations(rule).find((d) => d.prop.toLowerCase() === prop && d.important)?.value.trim() ?? '';
  return PX.test(important('width')) && PX.test(important('height')) && important('overflow').toLowerCase() === 'hidden';
}

/** Whether a declaration on html or body could size their boxes otherwise than the canvas rule does. */
const loosens = (prop: string, value: string, important: boolean) =>
  MIN_MAX.test(prop) || (SIZE_PROPERTIES.has(prop) && (important || (prop === 'display' && !SIZED_DISPLAYS.has(value.trim().toLowerCase()))));

/**
 * Whether html's and body's boxes have the same size and place whatever their content does: the canvas rule fixes
 * their width and height in px, body is a flex or grid container (so no child's margin collapses through its top
 * edge and moves it: takumi collapses margins through a block body even with overflow hidden), and nothing else
 * could loosen it (another `!important` size or overflow, a min- or max- size, a display under which width and
 * height do not size the box, a display of body other than flex or grid). Then a descendant's layout may move (an
 * animated width or margin) without moving the root background. `roots`: html's key, then body's.
 */
export function rootBoxesFixed(sheets: readonly Root[], roots: readonly ElementKey[], rootNodes: readonly Node[]): boolean {
  let canvas = false;
  let loose = false;
  let bodyFlex = false;
  const bodyDisplay = (value: string) => {
    if (NO_COLLAPSE.has(value.replace('!important', '').trim().toLowerCase())) bodyFlex = true;
    else loose = true;
  };
  for (const sheet of sheets) {
    sheet.walkRules((rule) => {
      if (!canvas && isCanvasRule(rule)) {
        canvas = true;
        return;
      }
      if (!rule.selectors.some((s) => roots.some((r) => couldMatchElement(s, r).matches))) return;
      const onBody = rule.selectors.some((s) => couldMatchElement(s, roots[1]!).matches);
      for (const d of declarations(rule)) {
        if (loosens(d.prop.toLowerCase(), d.value, d.important === true)) loose = true;
        if (onBody && d.prop.toLowerCase() === 'display') bodyDisplay(d.value);
      }
    });
  }
  for (const [i, n] of rootNodes.entries()) {
    for (const [key, raw] of [...Object.entries(n.style ?? {}), ...Object.entries(n.preset ?? {})]) {
      const value = String(raw);
      if (loosens(cssPropertyName(key), value, value.includes('!important'))) loose = true;
    }
    // fromHtml's preset (display: block) is the UA's, below any stylesheet: only body's inline display counts
    if (i === 1 && n.style?.display !== undefined) bodyDisplay(String(n.style.display));
  }
  return canvas && bodyFlex && !loose;
}
