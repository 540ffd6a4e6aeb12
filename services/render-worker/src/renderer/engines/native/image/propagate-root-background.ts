import type { Declaration, Root, Rule } from 'postcss';
import type { Node } from '@takumi-rs/core';
import { elementKeyOf as keyOf, selectsElement as selects, type ElementKey } from './could-match-element';
import { cssPropertyName } from './css-property-name';
import { parseCss } from '@rp/engine-gate';

/** Values under which a background declaration paints nothing (the initial transparent colour and no image). */
const PAINTS_NOTHING = /^\s*(transparent|none|initial|unset|revert|revert-layer|rgba\(\s*0\s*,\s*0\s*,\s*0\s*,\s*0\s*\))\s*(!important)?\s*$/i;
const isBackground = (prop: string) => prop.toLowerCase().startsWith('background');
const paints = (prop: string, value: unknown) => isBackground(prop) && !PAINTS_NOTHING.test(String(value));
/**
 * body's background, no longer painted on body once the canvas paints it: a later `body` rule outranks every `body`
 * rule before it, and `!important` is added only where one of them is important (an important background would make
 * the video background cache refuse, background-cache-refusal.ts).
 */
const bodyCleared = (important: boolean) => `body{background:none${important ? '!important' : ''}}`;

const backgrounds = (rule: Rule) => rule.nodes.filter((d): d is Declaration => d.type === 'decl' && isBackground(d.prop));

interface Reading {
  /** Some rule may paint a background on html: then html's box (the canvas rule makes it the canvas) already paints it. */
  htmlPaints: boolean;
  /** A rule that may set body's background selects it otherwise than by `body` alone, so its cascade is not read here. */
  unclear: boolean;
  bodyRules: Rule[];
}

function read(sheets: Root[], html: ElementKey, body: ElementKey): Reading {
  const reading: Reading = { htmlPaints: false, unclear: false, bodyRules: [] };
  for (const sheet of sheets) {
    sheet.walkRules((rule) => {
      const decls = backgrounds(rule);
      if (decls.length === 0) return;
      if (rule.selectors.some((s) => selects(s, html)) && decls.some((d) => paints(d.prop, d.value))) reading.htmlPaints = true;
      const onBody = rule.selectors.filter((s) => selects(s, body));
      if (onBody.length === 0) return;
      if (onBody.some((s) => s.trim().toLowerCase() !== 'body')) reading.unclear = true;
      else reading.bodyRules.push(rule);
    });
  }
  return reading;
}

/**
 * CSS's propagation of the root background (CSS Backgrounds 3 §2.11.2), which takumi does not do: the root element's
 * background, or, when the root's is transparent, body's, paints the whole canvas, and body then paints none of its
 * own. takumi paints body's background inside body's box only, so a band shows wherever body's box does not reach
 * (a child's top margin collapsing through it, a body margin). html's box is the canvas (composeDocument's canvas
 * rule sizes it and takes its margin), so body's background moves to html: after each `body` rule that sets it, an
 * `html` rule with the same declarations (same specificity, same order, same media), body's inline background onto
 * html's inline style, body's `bgcolor` hint as an `html` rule before all of them, and body's own cleared. The
 * cascade is read only where it is plain: when html may paint a background, or a rule other than `body` may set
 * body's, the document is left as it is. Mutates the tree; returns the stylesheets.
 */
export function propagateRootBackground(root: Node, css: string[]): string[] {
  const body = root.tagName?.toLowerCase() === 'html' && root.type === 'container' ? root.children?.find((c) => c.tagName?.toLowerCase() === 'body') : undefined;
  if (!body) return css;
  const sheets = css.map((sheet) => parseCss(sheet));
  const reading = read(sheets, keyOf(root), keyOf(body));
  const rootInline = Object.entries(root.style ?? {}).some(([k, v]) => paints(cssPropertyName(k), v));
  const bodyInline = Object.entries(body.style ?? {}).filter(([k]) => isBackground(cssPropertyName(k)));
  // a `bgcolor` presentational hint (presentational-hints.ts) is body's background under every author rule
  const preset = (body.preset as Record<string, unknown> | undefined)?.backgroundColor;
  const hint = typeof preset === 'string' && paints('background-color', preset) ? preset : null;
  const bodyPaints = bodyInline.some(([k, v]) => paints(cssPropertyName(k), v)) || reading.bodyRules.some((r) => backgrounds(r).some((d) => paints(d.prop, d.value))) || hint !== null;
  if (reading.htmlPaints || rootInline || reading.unclear || !bodyPaints) return css;
  for (const rule of reading.bodyRules) rule.cloneAfter({ selector: 'html', nodes: backgrounds(rule).map((d) => d.clone()) });
  if (bodyInline.length > 0) {
    const style = { ...(body.style as Record<string, unknown>) };
    for (const [k] of bodyInline) delete style[k];
    body.style = style as typeof body.style;
    root.style = { ...(root.style as Record<string, unknown>), ...Object.fromEntries(bodyInline) } as typeof root.style;
  }
  const important = reading.bodyRules.some((r) => backgrounds(r).some((d) => d.important));
  // the hint as html's background before every author rule, as a hint sits in the cascade
  return [...(hint ? [`html{background-color:${hint}}`] : []), ...sheets.map((s) => s.toString()), bodyCleared(important)];
}
