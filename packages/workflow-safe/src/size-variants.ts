import { IMAGE_FORMATS } from './constants';

/** A size a template declares in `canvas_data.variants`: the same design laid out at another canvas size. */
export interface SizeVariant {
  name: string;
  width: number;
  height: number;
  /** png | jpeg | webp | pdf; the template's format when absent. */
  format?: string;
}

export const MAX_VARIANTS = 10;
export const VARIANT_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const MAX_EDGE = 8192;

interface Problem {
  field: string;
  message: string;
}

/** The declared variants of a version's canvas_data (validated at save), [] when none. */
export function declaredVariants(canvasData: Record<string, unknown> | null | undefined): SizeVariant[] {
  const v = canvasData?.variants;
  return Array.isArray(v) ? (v as SizeVariant[]) : [];
}

/** Problems of a template's `canvas_data.variants` (image templates only), each naming its field. */
export function checkVariantDeclarations(type: string, canvasData: Record<string, unknown>): Problem[] {
  const v = canvasData.variants;
  if (v === undefined) return [];
  const field = 'canvas_data.variants';
  if (type !== 'image') return [{ field, message: 'size variants are for image templates' }];
  if (!Array.isArray(v) || v.length < 1 || v.length > MAX_VARIANTS) return [{ field, message: `must be an array of 1-${MAX_VARIANTS} variants` }];
  const out: Problem[] = [];
  const seen = new Set<string>();
  v.forEach((x: any, i) => {
    const at = `${field}[${i}]`;
    if (!x || typeof x !== 'object') return void out.push({ field: at, message: 'must be an object {name, width, height, format?}' });
    if (typeof x.name !== 'string' || !VARIANT_NAME_PATTERN.test(x.name)) out.push({ field: `${at}.name`, message: 'must be 1-40 of a-z, 0-9, _ and - (starting with a letter or digit)' });
    else if (seen.has(x.name)) out.push({ field: `${at}.name`, message: `duplicates the variant name "${x.name}"` });
    else seen.add(x.name);
    for (const edge of ['width', 'height'] as const) {
      if (!Number.isInteger(x[edge]) || x[edge] < 1 || x[edge] > MAX_EDGE) out.push({ field: `${at}.${edge}`, message: `must be an integer from 1 to ${MAX_EDGE}` });
    }
    if (x.format !== undefined && !(IMAGE_FORMATS as readonly string[]).includes(x.format)) out.push({ field: `${at}.format`, message: `must be one of: ${IMAGE_FORMATS.join(', ')}` });
    const extra = Object.keys(x).filter((k) => !['name', 'width', 'height', 'format'].includes(k));
    if (extra.length) out.push({ field: `${at}.${extra[0]}`, message: 'is not a variant field' });
  });
  return out;
}

/** The variants a request asks for, in its order, or the problems naming `variants[i]`. */
export function resolveRequestedVariants(declared: SizeVariant[], requested: string[]): { variants: SizeVariant[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const variants: SizeVariant[] = [];
  const seen = new Set<string>();
  requested.forEach((name, i) => {
    const v = declared.find((d) => d.name === name);
    if (!v) problems.push({ field: `variants[${i}]`, message: declared.length ? `is not a variant of this template (${declared.map((d) => d.name).join(', ')})` : 'the template declares no variants' });
    else if (seen.has(name)) problems.push({ field: `variants[${i}]`, message: `repeats "${name}"` });
    else {
      seen.add(name);
      variants.push(v);
    }
  });
  return { variants, problems };
}
