import type { DesignDocument, Layer } from './design-types';
import { compileLayers, elementId } from './compile-layer';
import { family, num, paint, px, style } from './css-values';
import { layerMotion } from './layer-motion';

/** The first line of every compiled document: how the studio and a reader tell a designed template's HTML. */
export const COMPILED_MARK = '<!-- compiled from canvas_data by the design compiler (@rp/design); edit the design, not this HTML -->';

function fontFaces(doc: DesignDocument): string[] {
  return (doc.fonts ?? []).map((f) => {
    const src = /^asset:\/\/[0-9a-fA-F-]{36}$/.test(f.src) ? f.src : 'about:invalid';
    return `@font-face{font-family:${family(f.family)};src:url(${src});font-weight:${f.weight ?? 400};font-style:${f.style ?? 'normal'}}`;
  });
}

/** Every layer with its group path flattened, so per-variant boxes of nested layers are found too. */
function allLayers(layers: Layer[]): Layer[] {
  return layers.flatMap((l) => (l.visible === false ? [] : l.type === 'group' ? [l, ...allLayers(l.children)] : [l]));
}

/**
 * Per-variant boxes: one media query per declared variant that has any, matching the canvas size the renderer lays
 * the variant out at. `!important` beats the inline box of the template size.
 */
function variantRules(doc: DesignDocument): string[] {
  const layers = allLayers(doc.layers);
  return (doc.variants ?? []).flatMap((v) => {
    const rules = layers
      .filter((l) => l.variants?.[v.name])
      .map((l) => {
        const b = l.variants![v.name]!;
        return `#${elementId(l.id)}{left:${px(b.x)}!important;top:${px(b.y)}!important;width:${px(b.width)}!important;height:${px(b.height)}!important}`;
      });
    return rules.length ? [`@media (width:${num(v.width)}px) and (height:${num(v.height)}px){${rules.join('')}}`] : [];
  });
}

/** The keyframes rules of every visible layer's motion, each once (letters of one layer share theirs). */
const keyframesRules = (doc: DesignDocument): string[] => [...new Set(allLayers(doc.layers).flatMap((l) => layerMotion(l).keyframes))];

/**
 * The one compiler: a design document → composition_html. Pure and deterministic (same document, same bytes): a
 * root box the size of the canvas with the background, and each visible layer as an absolutely positioned element
 * with inline styles, in list order (later layers on top). Bindings become the data-placeholder attributes of
 * docs/templates.md, text fit becomes data-fit="shrink", so the renderer binds and fits a designed template exactly
 * as a hand-written one. Only elements and CSS both engines draw (div, img, inline svg, style; docs/engines.md), and
 * only animations the measured animation table holds (layer-motion.ts).
 */
export function compileDesign(doc: DesignDocument): string {
  const css = [...fontFaces(doc), ...variantRules(doc), ...keyframesRules(doc)];
  const root = style([
    ['position', 'absolute'],
    ['left', '0'],
    ['top', '0'],
    ['width', '100%'],
    ['height', '100%'],
    ['overflow', 'hidden'],
    ['background', doc.background ? paint(doc.background) : null],
  ]);
  return [
    COMPILED_MARK,
    ...(css.length ? [`<style>\n${css.join('\n')}\n</style>`] : []),
    `<div data-design-root style="${root}">`,
    compileLayers(doc.layers),
    '</div>',
    '',
  ].join('\n');
}
