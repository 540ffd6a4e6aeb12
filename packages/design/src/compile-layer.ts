import type { GroupLayer, ImageLayer, Layer, QrLayer, ShapeLayer, TextLayer } from './design-types';
import { cssColor, escapeHtml, family, num, paint, px, style, textHtml } from './css-values';
import { DESIGN_CONTENT_ATTR, qrStyle, type DesignContent } from './design-content';
import { layerMotion, type LayerMotion } from './layer-motion';
import { letterSpansHtml } from './letter-motion';
import { QrCapacityError, qrSvg } from './qr-svg';

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

const contentAttr = (c: DesignContent): string => attr(DESIGN_CONTENT_ATTR, JSON.stringify(c));

/**
 * Position, size, rotation, opacity and the layer's animations: what every layer's outer element has. A keyframed
 * rotation is the `rotate` property's, so the static rotation gives way to it.
 */
function boxStyle(l: Layer, motion: LayerMotion): Array<[string, string | null]> {
  const rotationTrack = motion.box.some((a) => a.field.startsWith('keyframes.rotation'));
  return [
    ['position', 'absolute'],
    ['left', px(l.x)],
    ['top', px(l.y)],
    ['width', px(l.width)],
    ['height', px(l.height)],
    ['box-sizing', 'border-box'],
    ['transform', l.rotation && !rotationTrack ? `rotate(${num(l.rotation)}deg)` : null],
    ['opacity', l.opacity !== undefined && l.opacity < 1 ? num(l.opacity) : null],
    ['animation', motion.box.length ? motion.box.map((a) => a.item).join(',') : null],
  ];
}

const JUSTIFY = { top: 'flex-start', middle: 'center', bottom: 'flex-end' } as const;

/**
 * A text layer: an outer box (position, rotation, vertical alignment by a flex column, the colour and its binding) and
 * an inner block with the text (its binding and the fit attributes the renderer's shrink-to-fit reads). The inner
 * block is at most the box's height, so overflowing text is what data-fit measures and clip cuts.
 */
function textLayer(l: TextLayer, motion: LayerMotion): string {
  const t = { ...TEXT_DEFAULTS, ...l };
  const mode = l.overflow?.mode ?? 'clip';
  const outer = style([
    ...boxStyle(l, motion),
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
  const letters = motion.letters;
  // the API's schema leaves `text` optional (a bound text box may start empty): no text draws an empty box
  const text = l.text ?? '';
  const content = letters ? letterSpansHtml(text, letters) : textHtml(text);
  return (
    `<div${attr('id', elementId(l.id))}${colorBinding} style="${outer}">` +
    `<div${attr('data-placeholder', l.bindings?.text)}${fit}${letters ? contentAttr({ letters }) : ''} style="${inner}">${content}</div></div>`
  );
}

/** An image layer: one <img>; object-fit and object-position (the focal point) place the picture in the box. */
function imageLayer(l: ImageLayer, motion: LayerMotion): string {
  const f = l.focal ?? { x: 0.5, y: 0.5 };
  const s = style([
    ...boxStyle(l, motion),
    ['display', 'block'],
    ['object-fit', l.fit ?? 'cover'],
    ['object-position', `${num(f.x * 100)}% ${num(f.y * 100)}%`],
    ['border-radius', l.corner_radius ? px(l.corner_radius) : null],
  ]);
  return `<img${attr('id', elementId(l.id))}${attr('data-placeholder', l.bindings?.src)}${attr('src', l.src ?? null)} alt="" style="${s}">`;
}

/** A rectangle or ellipse: a div with the fill as background and the stroke as an inside border. */
function shapeLayer(l: ShapeLayer, motion: LayerMotion): string {
  const radius = l.type === 'ellipse' ? '50%' : l.corner_radius ? px(l.corner_radius) : null;
  const s = style([
    ...boxStyle(l, motion),
    ['background', l.fill ? paint(l.fill) : null],
    ['border', l.stroke && l.stroke.width > 0 ? `${px(l.stroke.width)} solid ${cssColor(l.stroke.color)}` : null],
    ['border-radius', radius],
  ]);
  const binding = l.bindings?.fill ? `${attr('data-placeholder', l.bindings.fill)} data-placeholder-prop="background"` : '';
  return `<div${attr('id', elementId(l.id))}${binding} style="${s}"></div>`;
}

/**
 * A QR code: a box around the code's SVG, drawn from the layer's value; a bound placeholder's text is drawn again
 * by the renderer from the same attribute (DESIGN_CONTENT_ATTR). A value too long for a QR code (refused at save)
 * draws nothing.
 */
function qrLayer(l: QrLayer, motion: LayerMotion): string {
  const qr = qrStyle(l);
  let svg = '';
  try {
    svg = qrSvg(l.value ?? '', qr); // the schema leaves `value` optional, as a text layer's `text`
  } catch (err) {
    if (!(err instanceof QrCapacityError)) throw err;
  }
  return `<div${attr('id', elementId(l.id))}${attr('data-placeholder', l.bindings?.value)}${contentAttr({ qr })} style="${style(boxStyle(l, motion))}">${svg}</div>`;
}

function groupLayer(l: GroupLayer, motion: LayerMotion): string {
  return `<div${attr('id', elementId(l.id))} style="${style(boxStyle(l, motion))}">${compileLayers(l.children)}</div>`;
}

/** The HTML of a list of layers, bottom to top; hidden layers are left out. */
export function compileLayers(layers: Layer[]): string {
  return layers
    .filter((l) => l.visible !== false)
    .map((l) => {
      const motion = layerMotion(l);
      switch (l.type) {
        case 'text':
          return textLayer(l, motion);
        case 'image':
          return imageLayer(l, motion);
        case 'qr':
          return qrLayer(l, motion);
        case 'group':
          return groupLayer(l, motion);
        default:
          return shapeLayer(l, motion);
      }
    })
    .join('\n');
}
