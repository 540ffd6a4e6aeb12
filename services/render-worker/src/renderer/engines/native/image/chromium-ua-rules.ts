import { CHROMIUM_UA_DEFAULTS, NATIVE_UA_ELEMENTS, type ChromiumUaDefaults } from '@rp/engine-gate';
import { nativeFamiliesInCss } from './native-font-families';

type Declarations = Readonly<Record<string, string>>;

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const px = (v: string | undefined) => Number.parseFloat(v ?? '0') || 0;

/**
 * Whether every element a selector names (`ul ul`, `li`, `a[href]`) is one the native engine draws with Chromium's
 * UA rules.
 */
const ofUaElements = (selector: string) => selector.split(/\s+/).every((part) => NATIVE_UA_ELEMENTS.has(part.replace(/\[[^\]]*\]$/, '')));

/**
 * A `<button>` left to its UA style is drawn by Chromium's native theme over its CSS box, not with the 2px outset
 * border its computed style lists (measured: `button` of the UA table). The same box, painted as measured: the
 * themed edge's width and colour, the rest of the CSS border as padding, the theme's corner and fill. A button
 * whose author sets its border or background is drawn by its CSS in Chromium, and here too: author rules win.
 */
function themedButton(d: Declarations, painted: ChromiumUaDefaults['button']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [prop, value] of Object.entries(d)) {
    if (prop === 'appearance' || /^border-/.test(prop) || /^padding-/.test(prop)) continue;
    out[prop] = value;
  }
  for (const side of SIDES) {
    const extra = px(d[`border-${side}-width`]) - painted.borderWidth;
    out[`padding-${side}`] = `${px(d[`padding-${side}`]) + extra}px`;
    out[`border-${side}`] = `${painted.borderWidth}px solid ${painted.borderColor}`;
  }
  out['border-radius'] = `${painted.cornerInset}px`;
  out['background-color'] = painted.background;
  return out;
}

/**
 * A UA rule loses to every author rule, as in Chromium: it has no specificity (`:where`). `-webkit-center` (`<center>`)
 * is written `center`; what else it does, placing block boxes and stopping at tables, is reset-legacy-align.ts's.
 */
const rule = (selector: string, d: Declarations) =>
  `:where(${selector}){${Object.entries(d).map(([p, v]) => `${p}:${v === '-webkit-center' ? 'center' : v}`).join(';')}}`;

/**
 * Chromium's user-agent rules (chromium-ua-defaults.ts, measured) for the elements the native engine draws with
 * them (NATIVE_UA_ELEMENTS: lists, definition lists, `center`, `button`, links), as a stylesheet for the native engine's UA
 * sheet; families rewritten to the installed faces Chromium draws for them, as everywhere in the native engine.
 */
export function chromiumUaRules(): string {
  const ua = CHROMIUM_UA_DEFAULTS;
  const rules: string[] = [];
  for (const [selector, d] of Object.entries(ua.declarations)) {
    if (!ofUaElements(selector)) continue;
    rules.push(rule(selector, selector === 'button' ? themedButton(d, ua.button) : d));
  }
  return nativeFamiliesInCss(rules.join('\n'), new Set());
}
