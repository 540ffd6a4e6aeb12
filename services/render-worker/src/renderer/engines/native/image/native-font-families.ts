import { nativeFontFamilyList } from '@rp/workflow-safe';

/**
 * Every `font-family` the native engine sees, rewritten to the installed faces Chromium draws for it
 * (nativeFontFamilyList, from the font table the static gate reads too): `Arial, Helvetica, sans-serif` becomes
 * `'Liberation Sans', 'Liberation Serif'`, an unknown family is dropped, and the default face ends each list.
 * takumi then never has to guess a family it does not know, and draws what Chromium draws.
 */
const FAMILY_DECLARATION = /([;{\s])font-family\s*:\s*([^;{}]+?)(\s*!important)?\s*(?=[;}])/gi;

/** A stylesheet with each `font-family` declaration's list rewritten (same position, same !important). */
export function nativeFamiliesInCss(css: string, declared: ReadonlySet<string>): string {
  return css.replace(FAMILY_DECLARATION, (_whole, lead: string, value: string, important: string | undefined) =>
    `${lead}font-family:${nativeFontFamilyList(value, declared)}${important ?? ''}`);
}

/** An inline style object (fromHtml's camelCase keys) with its `fontFamily` rewritten. */
export function nativeFamiliesInStyle<T extends Record<string, unknown>>(style: T, declared: ReadonlySet<string>): T {
  if (typeof style.fontFamily !== 'string') return style;
  return { ...style, fontFamily: nativeFontFamilyList(style.fontFamily, declared) };
}
