// Pure edits of a design document (canvas_data with layers): what the editor's gestures and panels do to it.
import type { Box, DesignDocument, GroupLayer, Layer } from '@rp/design';

export type Doc = DesignDocument;

/** The template's fields the editor sets besides canvas_data; `type` is chosen before the first save. */
export interface Meta { name: string; type: 'image' | 'video'; width: number; height: number; format: string; engine: string }

/** The layer's box on the variant shown (its own box on the template size, or where a variant has none). */
export const boxOf = (l: Layer, variant: string | null): Box =>
  (variant && l.variants?.[variant]) || { x: l.x, y: l.y, width: l.width, height: l.height };

/** Sets the box on the variant shown: the template size's own box, or the variant's. */
export function withBox(l: Layer, variant: string | null, b: Box): Layer {
  const r = (n: number) => Math.round(n * 100) / 100;
  const box = { x: r(b.x), y: r(b.y), width: Math.max(1, r(b.width)), height: Math.max(1, r(b.height)) };
  return variant ? { ...l, variants: { ...l.variants, [variant]: box } } : { ...l, ...box };
}

/** Applies `fn` to the layer with this id wherever it is in the tree. */
export function mapLayer(layers: Layer[], id: string, fn: (l: Layer) => Layer): Layer[] {
  return layers.map((l) => (l.id === id ? fn(l) : l.type === 'group' ? { ...l, children: mapLayer(l.children, id, fn) } : l));
}

export function findLayer(layers: Layer[], id: string): Layer | null {
  for (const l of layers) {
    if (l.id === id) return l;
    if (l.type === 'group') {
      const f = findLayer(l.children, id);
      if (f) return f;
    }
  }
  return null;
}

/** The list that holds the layer and its index there, so panels can reorder among siblings. */
function parentList(layers: Layer[], id: string): Layer[] | null {
  if (layers.some((l) => l.id === id)) return layers;
  for (const l of layers) if (l.type === 'group') {
    const p = parentList(l.children, id);
    if (p) return p;
  }
  return null;
}

/** The offset of a layer's coordinate space: the sum of the boxes of the groups around it. */
export function originOf(layers: Layer[], id: string, variant: string | null, at = { x: 0, y: 0 }): { x: number; y: number } | null {
  for (const l of layers) {
    if (l.id === id) return at;
    if (l.type === 'group') {
      const b = boxOf(l, variant);
      const o = originOf(l.children, id, variant, { x: at.x + b.x, y: at.y + b.y });
      if (o) return o;
    }
  }
  return null;
}

export function removeLayers(layers: Layer[], ids: ReadonlySet<string>): Layer[] {
  return layers.filter((l) => !ids.has(l.id)).map((l) => (l.type === 'group' ? { ...l, children: removeLayers(l.children, ids) } : l));
}

/** Moves a layer one place up (towards the top of the stack) or down among its siblings. */
export function reorder(layers: Layer[], id: string, dir: 1 | -1): Layer[] {
  const list = parentList(layers, id);
  if (!list) return layers;
  const i = list.findIndex((l) => l.id === id);
  const j = i + dir;
  if (j < 0 || j >= list.length) return layers;
  const swapped = [...list];
  [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
  if (list === layers) return swapped;
  const rebuild = (ls: Layer[]): Layer[] => ls.map((l) => (l.type === 'group' ? { ...l, children: l.children === list ? swapped : rebuild(l.children) } : l));
  return rebuild(layers);
}

let counter = 0;
/** A fresh id (time and counter: unique within a session, short, and valid for LAYER_ID_PATTERN). */
export const newId = (prefix: string): string => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Groups top-level layers: the group's box is their bounding box, their coordinates become relative to it. */
export function groupLayers(layers: Layer[], ids: string[]): { layers: Layer[]; id: string | null } {
  const picked = layers.filter((l) => ids.includes(l.id));
  if (picked.length < 2) return { layers, id: null };
  const x = Math.min(...picked.map((l) => l.x));
  const y = Math.min(...picked.map((l) => l.y));
  const right = Math.max(...picked.map((l) => l.x + l.width));
  const bottom = Math.max(...picked.map((l) => l.y + l.height));
  const group: GroupLayer = {
    id: newId('g'), type: 'group', name: 'Group', x, y, width: right - x, height: bottom - y,
    children: picked.map((l) => ({ ...l, x: l.x - x, y: l.y - y, variants: undefined })),
  };
  const at = layers.findIndex((l) => ids.includes(l.id));
  const rest = layers.filter((l) => !ids.includes(l.id));
  rest.splice(Math.min(at, rest.length), 0, group);
  return { layers: rest, id: group.id };
}

/** Ungroups a top-level group: its children go back to canvas coordinates in its place. */
export function ungroup(layers: Layer[], id: string): Layer[] {
  const i = layers.findIndex((l) => l.id === id);
  const g = layers[i];
  if (!g || g.type !== 'group') return layers;
  const children = g.children.map((c) => ({ ...c, x: c.x + g.x, y: c.y + g.y }));
  return [...layers.slice(0, i), ...children, ...layers.slice(i + 1)];
}

export type NewLayerKind = 'text' | 'image' | 'rect' | 'ellipse' | 'qr';

/** A new layer of a kind, centred on the canvas. */
export function newLayer(kind: NewLayerKind, canvas: { width: number; height: number }, src: string | null = null): Layer {
  const width = Math.round(canvas.width / (kind === 'qr' ? 4 : 3));
  const height = kind === 'text' ? Math.round(canvas.height / 8) : width;
  const base = { id: newId(kind[0]!), x: Math.round((canvas.width - width) / 2), y: Math.round((canvas.height - height) / 2), width, height };
  if (kind === 'text') return { ...base, type: 'text', name: 'Text', text: 'Text', font_size: Math.max(12, Math.round(height / 2)) };
  if (kind === 'qr') return { ...base, type: 'qr', name: 'QR code', value: 'https://example.com', error_correction: 'M' };
  if (kind === 'image') return { ...base, type: 'image', name: 'Image', src, fit: 'cover' };
  return { ...base, type: kind, name: kind === 'rect' ? 'Rectangle' : 'Ellipse', fill: '#3b82f6' };
}

/** The layers' boxes on the shown variant written into their own box fields, for drawing that variant. */
export function resolveVariant(layers: Layer[], variant: string | null): Layer[] {
  if (!variant) return layers;
  return layers.map((l) => {
    const b = boxOf(l, variant);
    const r = { ...l, ...b, variants: undefined } as Layer;
    return r.type === 'group' ? { ...r, children: resolveVariant(r.children, variant) } : r;
  });
}

