import type { Layer, Paint } from './design-types';

export interface DerivedPlaceholder {
  name: string;
  type: 'text' | 'image' | 'color';
  default: string | null;
}

/** A binding of a layer: which field of the layer a placeholder replaces, its type and the layer's own value. */
export interface LayerBinding {
  layer: Layer;
  /** The field under `bindings` (text, color, src, fill, value). */
  key: string;
  name: string;
  type: DerivedPlaceholder['type'];
  value: string | null;
}

const solid = (p: Paint | null | undefined): string | null => (typeof p === 'string' ? p : null);

/** Every binding of the visible layers, in document order (groups depth first). */
export function layerBindings(layers: Layer[]): LayerBinding[] {
  const out: LayerBinding[] = [];
  for (const l of layers) {
    if (l.visible === false) continue;
    const b = (key: string, name: string | undefined, type: LayerBinding['type'], value: string | null) => {
      if (name) out.push({ layer: l, key, name, type, value });
    };
    if (l.type === 'text') {
      b('text', l.bindings?.text, 'text', l.text);
      b('color', l.bindings?.color, 'color', l.color ?? null);
    } else if (l.type === 'image') b('src', l.bindings?.src, 'image', l.src ?? null);
    else if (l.type === 'qr') b('value', l.bindings?.value, 'text', l.value);
    else if (l.type === 'group') out.push(...layerBindings(l.children));
    else b('fill', l.bindings?.fill, 'color', solid(l.fill));
  }
  return out;
}

/**
 * A designed template's placeholders follow from its bindings: one per bound name, in the order first bound, its
 * default the first bound layer's own value (the text, the image source, the colour, the QR code's value).
 */
export function designPlaceholders(layers: Layer[]): DerivedPlaceholder[] {
  const seen = new Map<string, DerivedPlaceholder>();
  for (const b of layerBindings(layers)) {
    if (!seen.has(b.name)) seen.set(b.name, { name: b.name, type: b.type, default: b.value });
  }
  return [...seen.values()];
}
