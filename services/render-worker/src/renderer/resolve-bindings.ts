import type { Modification, Placeholder, PlaceholderType } from '@rp/workflow-safe';
import { assetUrls } from './asset-urls';
import { formatNumber } from './format-number';
import { RenderFailure } from './types';
import { validateModificationValue } from './validate-modification';

/** A placeholder's final value as a string ready to insert; null means "keep the template's authored content". */
export interface Binding {
  type: PlaceholderType;
  value: string | null;
}

/**
 * Decides the value of every placeholder: the request's modification (the last one wins when a name repeats),
 * else the placeholder's `default`, else null. Modifications naming an undeclared placeholder still bind, with
 * the type inferred from the field they carry, so a template can be tried before its placeholders are declared.
 * Invalid values throw template_invalid: the API validates first, this is the last line of defence because the
 * values end up inside HTML and CSS.
 */
export function resolveBindings(placeholders: Placeholder[], modifications: Modification[]): Map<string, Binding> {
  const mods = new Map<string, Modification>();
  for (const m of modifications ?? []) if (m && typeof m.name === 'string') mods.set(m.name, m);

  const out = new Map<string, Binding>();
  for (const p of placeholders ?? []) {
    const mod = mods.get(p.name);
    if (mod) out.set(p.name, toBinding(p, mod, null));
    else if (p.default !== undefined && p.default !== null) out.set(p.name, toBinding(p, defaultModification(p), p));
    else out.set(p.name, { type: p.type, value: null });
  }
  for (const [name, mod] of mods) {
    if (out.has(name)) continue;
    const type = inferType(mod);
    if (type) out.set(name, toBinding({ name, type }, mod, null));
  }
  return out;
}

function toBinding(p: Pick<Placeholder, 'name' | 'type' | 'format'>, mod: Modification, fromDefault: Placeholder | null): Binding {
  const error = validateModificationValue(p, mod);
  if (error) {
    throw new RenderFailure('template_invalid', fromDefault ? `placeholder '${p.name}' has an invalid default: ${error}` : error);
  }
  switch (p.type) {
    case 'text':
      return { type: 'text', value: mod.text! };
    case 'image':
      return { type: 'image', value: normalizeImageUrl(mod.image_url!) };
    case 'color':
      return { type: 'color', value: mod.color!.trim() };
    case 'number':
      return { type: 'number', value: formatNumber(mod.number!, p.format) };
  }
}

/** http(s) URLs are re-serialised by the URL parser so quotes, spaces and parentheses arrive percent-encoded. */
export function normalizeImageUrl(v: string): string {
  if (v.startsWith('data:')) return v;
  if (v.startsWith('asset://')) return assetUrls.rewrite(v);
  return new URL(v).href;
}

function defaultModification(p: Placeholder): Modification {
  const d = p.default;
  const s = typeof d === 'string' || typeof d === 'number' || typeof d === 'boolean' ? String(d) : undefined;
  switch (p.type) {
    case 'text':
      return { name: p.name, text: s };
    case 'image':
      return { name: p.name, image_url: s };
    case 'color':
      return { name: p.name, color: s };
    case 'number':
      return { name: p.name, number: typeof d === 'number' ? d : s !== undefined && s.trim() !== '' ? Number(s) : undefined };
    default:
      return { name: p.name };
  }
}

function inferType(m: Modification): PlaceholderType | null {
  if (typeof m.text === 'string') return 'text';
  if (typeof m.image_url === 'string') return 'image';
  if (typeof m.color === 'string') return 'color';
  if (typeof m.number === 'number') return 'number';
  return null;
}
