import type { AliasValueDifference } from './chromium-css-tables';
import { splitTopLevel } from './css-values';

const BARE_ZERO = /^[+-]?0*\.?0+$/;
const withUnit = (token: string) => (BARE_ZERO.test(token) ? '0px' : token);

/**
 * Chromium's legacy parsing of the prefixed names whose values it reads differently from their target property, as
 * rules: the measured samples (chromium-css-aliases.ts `valueDifferences`) are their instances, and a unit test holds
 * each rule to every sample. `-webkit-background-size` with one size per layer means that size both ways;
 * `-webkit-border-radius` with two lengths means one radius `a / b`; `-webkit-perspective` takes a bare number as px.
 */
const RULES: Readonly<Record<string, (value: string) => string>> = {
  '-webkit-background-size': (value) =>
    splitTopLevel(value, ',')
      .map((layer) => {
        const tokens = splitTopLevel(layer, ' ');
        return tokens.length === 1 && !/^(cover|contain)$/i.test(tokens[0]!) ? `${withUnit(tokens[0]!)} ${withUnit(tokens[0]!)}` : layer;
      })
      .join(', '),
  '-webkit-border-radius': (value) => {
    const tokens = splitTopLevel(value, ' ');
    return tokens.length === 2 && !value.includes('/') ? `${tokens[0]} / ${tokens[1]}` : value;
  },
  '-webkit-perspective': (value) => (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value.trim()) ? `${value.trim()}px` : value),
};

/**
 * The value a prefixed alias's declaration has under its target property, as Chromium reads it: by the rule above
 * where the alias has one; else, per comma layer, what the measured table says a listed value means (its computed
 * form where the target does not accept what it stores, `content` -> `content-box`); any other value is read alike.
 */
export function aliasValue(alias: string, value: string, differences: readonly AliasValueDifference[] = []): string {
  const rule = RULES[alias];
  if (rule) return rule(value);
  if (differences.length === 0) return value;
  const meaning = new Map(differences.map((d) => [d.value.toLowerCase(), d.computed ?? d.means]));
  return splitTopLevel(value, ',')
    .map((layer) => meaning.get(layer.toLowerCase()) ?? layer)
    .join(', ');
}
