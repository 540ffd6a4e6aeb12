import type { Root } from 'postcss';
import { isKeyframesRule } from './is-keyframes-rule';
import { rootMatcher } from './selector-match';

/** Chromium's initial font size (`medium`): what `rem` is while nothing sets the root element's. */
export const INITIAL_FONT_PX = 16;

const SETS_FONT_SIZE = /^(font|font-size)$/i;
/** A `style` attribute that declares `font` or `font-size`. */
const styleSetsFontSize = (style: string) => /(^|[;\s])font(-size)?\s*:/i.test(style);

/**
 * The px a `rem` is in a template's document: Chromium's initial 16 px where nothing can set the root element's font
 * size, that is no rule whose selector could match `html` (rootMatcher: `html`, `:root`, `*`, a class the template's
 * own `<html>` carries ...) declares `font-size` or `font`, and html's own `style` does not; undefined where something
 * may, since the value then comes from the cascade. `sheets` as parseSheets reads them (print rules gone).
 */
export function remPx(html: string, sheets: readonly Root[]): number | undefined {
  const root = rootMatcher(html);
  if (styleSetsFontSize(root.style)) return undefined;
  for (const sheet of sheets) {
    let sets = false;
    sheet.walkRules((rule) => {
      if (sets || (rule.parent?.type === 'atrule' && isKeyframesRule(rule.parent))) return;
      if (rule.some((n) => n.type === 'decl' && SETS_FONT_SIZE.test(n.prop)) && root.matches(rule.selector)) sets = true;
    });
    if (sets) return undefined;
  }
  return INITIAL_FONT_PX;
}
