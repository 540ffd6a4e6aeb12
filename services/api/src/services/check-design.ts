import { type DesignDocument, type Layer, type Paint, QrCapacityError, declaredLayerPaths, layerBindings, motionProblems, qrStyle, qrSvg } from '@rp/design';
import { declaredVariants, isCssColor, isImageRef } from '@rp/workflow-safe';
import type { ErrorDetail } from '@rp/errors';

const COLOR_MESSAGE = 'must be a CSS color (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a color name)';

function checkPaint(p: Paint | null | undefined, field: string, out: ErrorDetail[]): void {
  if (p == null) return;
  if (typeof p === 'string') {
    if (!isCssColor(p)) out.push({ field, message: COLOR_MESSAGE });
    return;
  }
  p.stops.forEach((s, i) => {
    if (!isCssColor(s.color)) out.push({ field: `${field}.stops[${i}].color`, message: COLOR_MESSAGE });
  });
}

function checkLayer(l: Layer, field: string, variants: ReadonlySet<string>, out: ErrorDetail[]): void {
  for (const name of Object.keys(l.variants ?? {})) {
    if (!variants.has(name)) out.push({ field: `${field}.variants.${name}`, message: `names no size variant of canvas_data.variants` });
  }
  if (l.type === 'text') {
    if (l.color !== undefined) checkPaint(l.color, `${field}.color`, out);
    if (l.shadow) checkPaint(l.shadow.color, `${field}.shadow.color`, out);
    const o = l.overflow;
    if (o?.mode === 'fit') {
      const min = (o as { min_size?: number }).min_size;
      if (min === undefined) out.push({ field: `${field}.overflow.min_size`, message: 'is required when mode is fit' });
      else if (min > (l.font_size ?? 32)) out.push({ field: `${field}.overflow.min_size`, message: 'must be at most font_size (the largest size fit starts from)' });
    }
  } else if (l.type === 'image') {
    if (l.src != null && !isImageRef(l.src)) {
      out.push({ field: `${field}.src`, message: 'must be an http(s) URL, a data:image/... URL or asset://<uuid> (the checks of image_url)' });
    }
  } else if (l.type === 'qr') {
    checkPaint(l.color, `${field}.color`, out);
    checkPaint(l.background, `${field}.background`, out);
    try {
      qrSvg(l.value, qrStyle(l));
    } catch (err) {
      if (!(err instanceof QrCapacityError)) throw err;
      out.push({ field: `${field}.value`, message: err.message });
    }
  } else if (l.type === 'group') {
    l.children.forEach((c, i) => checkLayer(c, `${field}.children[${i}]`, variants, out));
  } else {
    checkPaint(l.fill, `${field}.fill`, out);
    if (l.stroke) checkPaint(l.stroke.color, `${field}.stroke.color`, out);
  }
}

/**
 * What the JSON Schema of the design document cannot say: colours and image sources (the same checks as a
 * modification's), unique layer ids, per-variant boxes of declared variants only, a fit's minimum, a QR code's
 * value that fits one, one placeholder type per bound name, and the layers' motion (motionProblems: a video's, in
 * the measured animation table, in order on the timeline). Every problem names its field
 * (`canvas_data.layers[3].fill`).
 */
export function checkDesign(doc: DesignDocument, video: boolean): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const variants = new Set(declaredVariants(doc).map((v) => v.name));
  checkPaint(doc.background, 'canvas_data.background', out);
  doc.layers.forEach((l, i) => checkLayer(l, `canvas_data.layers[${i}]`, variants, out));
  const ids = new Map<string, string>();
  const fields = new Map<Layer, string>();
  for (const { layer, field } of declaredLayerPaths(doc.layers, 'canvas_data.layers')) {
    const first = ids.get(layer.id);
    if (first) out.push({ field: `${field}.id`, message: `duplicates the id of ${first}` });
    else ids.set(layer.id, field);
    fields.set(layer, field);
  }
  const types = new Map<string, string>();
  for (const { layer, key, name, type } of layerBindings(doc.layers)) {
    const seen = types.get(name);
    if (seen && seen !== type) out.push({ field: `${fields.get(layer)}.bindings.${key}`, message: `binds "${name}" as ${type}, but another layer binds it as ${seen}` });
    else types.set(name, type);
  }
  return [...out, ...motionProblems(doc, video)];
}
