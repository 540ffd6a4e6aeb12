import type { Paint } from './design-types';

/** A number as CSS writes it: at most 2 decimals, no trailing zeros, never `-0` (same input, same bytes). */
export function num(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

export const px = (n: number): string => `${num(n)}px`;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text and attribute values: never parsed as markup (`</style><script>` stays text). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"'`]/g, (c) => HTML_ESCAPES[c]!);

/** Text content: escaped, newlines as <br> (as the renderer binds a text placeholder). */
export const textHtml = (s: string): string => escapeHtml(s).replace(/\r\n|\r|\n/g, '<br>');

/**
 * A colour as it goes into CSS. The API validates colours at save (isCssColor); this is the compiler's own floor for
 * documents it is given unchecked (the studio's draft): anything that could end a declaration or a rule is dropped.
 */
export function cssColor(c: string): string {
  return /^[#a-zA-Z0-9(),.%\s/+-]{1,100}$/.test(c) ? c.trim() : 'transparent';
}

export function paint(p: Paint): string {
  if (typeof p === 'string') return cssColor(p);
  const stops = [...p.stops]
    .sort((a, b) => a.offset - b.offset)
    .map((s) => `${cssColor(s.color)} ${num(s.offset * 100)}%`)
    .join(',');
  return `linear-gradient(${num(p.angle)}deg,${stops})`;
}

/** A family name in CSS, single-quoted so it sits in a style attribute as is (the schema allows letters, digits, spaces, _ and -). */
export const family = (f: string): string => `'${f.replace(/[^A-Za-z0-9 _-]/g, '')}'`;

/** `prop:value` pairs joined into a style attribute value, in the order given (deterministic). */
export const style = (decls: Array<[string, string | null | undefined | false]>): string =>
  decls
    .filter((d): d is [string, string] => typeof d[1] === 'string' && d[1] !== '')
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
