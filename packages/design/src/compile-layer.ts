import type { GroupLayer, ImageLayer, Layer, ShapeLayer, TextLayer } from './design-types';
import { cssColor, escapeHtml, family, num, paint, px, style, textHtml } from './css-values';

/** Defaults a layer's missing fields take; the editor shows the same. */
export const TEXT_DEFAULTS = {
  font_family: 'DejaVu Sans',
  font_weight: 400,
  font_style: 'normal',
  font_size: 32,
  color: '#000000',
  align: 'left',
  vertical_align: 'top',
  line_height: 1.2,
  letter_spacing: 0,
  transform: 'none',
} as const;

/** The element id of a layer (its CSS selector for per-variant boxes). */
export const elementId = (layerId: string): string => `l-${layerId}`;

const attr = (name: string, value: string | undefined | null): string => (value == null ? '' : ` ${name}="${escapeHtml(value)}"`);

/** Position, size, rotation and opacity: what every layer's outer element has. */
function boxStyle(l: Layer): Array<[string, string | null]> {
  return [
    ['position', 'absolute'],
    ['left', px(l.x)],
    ['top', px(l.y)],
    ['width', px(l.width)],
    ['height', px(l.height)],
    ['box-sizing', 'border-box'],
    ['transform', l.rotation ? `rotate(${num(l.rotation)}deg)` : null],
    ['opacity', l.opacity !== undefined && l.opacity < 1 ? num(l.opacity) : null],
  ];
}

const JUSTIFY = { top: 'flex-start', middle: 'center', bottom: 'flex-end' } as const;

/**
 * A text layer: an outer box (position, rotation, vertical alignment by a flex column, the colour and its binding) and
 * an inner block with the text (its binding and the fit attributes the renderer's shrink-to-fit reads). The inner
 * block is at most the box's height, so overflowing text is what data-fit measures and clip cuts.
 */
function textLayer(l: TextLayer): string {
  const t = { ...TEXT_DEFAULTS, ...l };
  const mode = l.overflow?.mode ?? 'clip';
  const outer = style([
    ...boxStyle(l),
    ['display', 'flex'],
    ['flex-direction', 'column'],
    ['justify-content', JUSTIFY[t.vertical_align]],
    ['color', cssColor(t.color)],
  ]);
  const sh = l.shadow;
  const inner = style([
    ['max-height', '100%'],
    ['overflow', 'hidden'],
    ['font-family', `${family(t.font_family)},sans-serif`],
    ['font-size', px(t.font_size)],
    ['font-weight', String(t.font_weight)],
    ['font-style', t.font_style === 'italic' ? 'italic' : null],
    ['line-height', num(t.line_height)],
    ['letter-spacing', t.letter_spacing ? px(t.letter_spacing) : null],
    ['text-align', t.align],
    ['text-transform', t.transform !== 'none' ? t.transform : null],
    ['text-shadow', sh ? `${px(sh.x)} ${px(sh.y)} ${px(sh.blur)} ${cssColor(sh.color)}` : null],
    ['white-space', mode === 'ellipsis' ? 'nowrap' : null],
    ['text-overflow', mode === 'ellipsis' ? 'ellipsis' : null],
    ['overflow-wrap', mode === 'ellipsis' ? null : 'break-word'],
  ]);
  const colorBinding = l.bindings?.color ? `${attr('data-placeholder', l.bindings.color)} data-placeholder-prop="color"` : '';
  const fit = l.overflow?.mode === 'fit' ? ` data-fit="shrink"${attr('data-fit-min', num(l.overflow.min_size))}` : '';
  return (
    `<div${attr('id', elementId(l.id))}${colorBinding} style="${outer}">` +
    `<div${attr('data-placeholder', l.bindings?.text)}${fit} style="${inner}">${textHtml(l.text)}</div></div>`
  );
}

/** An image layer: one <img>; object-fit and object-position (the focal point) place the picture in the box. */
function imageLayer(l: ImageLayer): string {
  const f = l.focal ?? { x: 0.5, y: 0.5 };
  const s = style([
    ...boxStyle(l),
    ['display', 'block'],
    ['object-fit', l.fit ?? 'cover'],
    ['object-position', `${num(f.x * 100)}% ${num(f.y * 100)}%`],
    ['border-radius', l.corner_radius ? px(l.corner_radius) : null],
  ]);
  return `<img${attr('id', elementId(l.id))}${attr('data-placeholder', l.bindings?.src)}${attr('src', l.src ?? null)} alt="" style="${s}">`;
}

/** A rectangle or ellipse: a div with the fill as background and the stroke as an inside border. */
function shapeLayer(l: ShapeLayer): string {
  const radius = l.type === 'ellipse' ? '50%' : l.corner_radius ? px(l.corner_radius) : null;
  const s = style([
    ...boxStyle(l),
    ['background', l.fill ? paint(l.fill) : null],
    ['border', l.stroke && l.stroke.width > 0 ? `${px(l.stroke.width)} solid ${cssColor(l.stroke.color)}` : null],
    ['border-radius', radius],
  ]);
  const binding = l.bindings?.fill ? `${attr('data-placeholder', l.bindings.fill)} data-placeholder-prop="background"` : '';
  return `<div${attr('id', elementId(l.id))}${binding} style="${s}"></div>`;
}

function groupLayer(l: GroupLayer): string {
  return `<div${attr('id', elementId(l.id))} style="${style(boxStyle(l))}">${compileLayers(l.children)}</div>`;
}

/** The HTML of a list of layers, bottom to top; hidden layers are left out. */
export function compileLayers(layers: Layer[]): string {
  return layers
    .filter((l) => l.visible !== false)
    .map((l) => {
      switch (l.type) {
        case 'text':
          return textLayer(l);
        case 'image':
          return imageLayer(l);
        case 'group':
          return groupLayer(l);
        default:
          return shapeLayer(l);
      }
    })
    .join('\n');
}
