import { nativeFontFamilyList } from '@rp/workflow-safe';
import { expandFontInCss } from './expand-font-shorthand';
import { nativeFamiliesInCss } from './native-font-families';

const STYLE_ELEMENT = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi;
const FAMILY_ATTRIBUTE = /(\sfont-family\s*=\s*)(["'])(.*?)\2/gi;
const STYLE_ATTRIBUTE = /(\sstyle\s*=\s*)(["'])(.*?)\2/gi;

/**
 * An inline `<svg>`'s markup (takumi draws it as one image, with resvg) with its font families rewritten to the
 * installed faces Chromium draws for them, as the document's own are (native-font-families.ts): in its `<style>`
 * elements (a `font` shorthand expanded first), its `font-family` attributes and its `style` attributes. resvg
 * otherwise resolves a family it does not know (`'Segoe UI', Ubuntu, sans-serif`) to the first registered face, a
 * serif, where Chromium draws the sans-serif one.
 */
export function svgFontFamilies(svg: string, declared: ReadonlySet<string>): string {
  const css = (text: string) => nativeFamiliesInCss(expandFontInCss(text), declared);
  return svg
    .replace(STYLE_ELEMENT, (_w, open: string, text: string, close: string) => `${open}${css(text)}${close}`)
    .replace(FAMILY_ATTRIBUTE, (_w, lead: string, q: string, list: string) => `${lead}${q}${nativeFontFamilyList(list, declared).replaceAll(q, q === '"' ? "'" : '"')}${q}`)
    .replace(STYLE_ATTRIBUTE, (_w, lead: string, q: string, style: string) => {
      const rewritten = css(`x{${style}}`).replace(/^x\{|\}$/g, '');
      return `${lead}${q}${rewritten.replaceAll(q, q === '"' ? "'" : '"')}${q}`;
    });
}
