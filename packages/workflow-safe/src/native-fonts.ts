import type { FontTable } from './font-table';
import { NATIVE_FONT_TABLE } from './native-font-table';

export type { FontFile, FontTable } from './font-table';

/** CSS-wide keywords: the value comes from elsewhere, so a declaration with one names no family. */
const CSS_WIDE = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);

/** Splits a font-family list into unquoted names, case kept, whitespace collapsed (commas inside quotes stay). */
export function splitFontFamilies(value: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  for (const ch of value) {
    if (quote) {
      if (ch === quote) quote = null;
      else cur += ch;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((f) => f.trim().replace(/\s+/g, ' ')).filter(Boolean);
}

export type FamilyResolution =
  /** an installed face (through an alias or a generic keyword, or the default when nothing in the list is known) */
  | { kind: 'installed'; family: string }
  /** a family the document declares with `@font-face` */
  | { kind: 'declared'; family: string }
  /** nothing to resolve here: a CSS-wide keyword or a `var()` */
  | { kind: 'deferred' };

/**
 * The family a list draws Latin text with: the first entry that is declared by the document (`declared`, lower
 * case) or known to the table; entries neither knows are skipped as a browser skips them.
 */
export function resolveFontFamilies(list: string | readonly string[], declared: ReadonlySet<string> = new Set(), table: FontTable = NATIVE_FONT_TABLE): FamilyResolution {
  const names = typeof list === 'string' ? splitFontFamilies(list) : list;
  for (const name of names) {
    const key = name.toLowerCase();
    if (CSS_WIDE.has(key) || key.startsWith('var(')) return { kind: 'deferred' };
    if (declared.has(key)) return { kind: 'declared', family: name };
    const installed = table.families[key];
    if (installed) return { kind: 'installed', family: installed };
  }
  return { kind: 'installed', family: table.default };
}

/**
 * The list the native engine is given for a list a template wrote: declared families as they are, known ones
 * replaced by the installed face Chromium draws for them, unknown ones dropped, and the default face last (where a
 * browser ends up when nothing matched). takumi then finds each family by its real name and never guesses.
 */
export function nativeFontFamilyList(value: string, declared: ReadonlySet<string>, table: FontTable = NATIVE_FONT_TABLE): string {
  const names = splitFontFamilies(value);
  if (names.some((n) => CSS_WIDE.has(n.toLowerCase()) || n.toLowerCase().startsWith('var('))) return value;
  const out: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    const family = declared.has(key) ? name : table.families[key];
    if (family && !out.includes(family)) out.push(family);
  }
  if (!out.includes(table.default)) out.push(table.default);
  return out.map((f) => `'${f.replace(/'/g, "\\'")}'`).join(', ');
}

/** Every installed family the native engine registers (the table's faces). */
export const nativeInstalledFamilies = (table: FontTable = NATIVE_FONT_TABLE): string[] => Object.keys(table.faces);
