import { PSEUDO_ELEMENT_TAGS } from '@rp/engine-gate';
import { chromiumUaRules } from './chromium-ua-rules';
import { VERTICAL_ALIGN } from './presentational-hints';
import { DEFAULT_FAMILY } from '../process/system-fonts';

/**
 * The user-agent stylesheet the native engine puts before a template's CSS, for the defaults where takumi differs
 * from Chromium (fromHtml's element presets already give Chromium's per-element margins, display and font sizes):
 * - box-sizing: takumi sizes every box border-box, Chromium content-box (a bordered `<img>` came out 24 px smaller
 *   on the bench card, and the text below it moved up);
 * - the default family is Liberation Serif (Chromium's standard font here), 16 px, black;
 * - the canvas is white unless the template asks for transparency (Chromium's default page background);
 * - monospace elements at 13/16 of the size (Chromium's default monospace size is 13 px where others get 16 px),
 *   once: nested ones keep their parent's size.
 * - tables as Chromium's UA stylesheet has them: the table box border-box (the `*` rule above would make it
 *   content-box), cells vertically centred in their row (takumi puts cell content at the top). A `valign` hint
 *   (presentational-hints.ts) is a preset, below every stylesheet rule in takumi, while in Chromium it outranks the UA
 *   sheet: these rules stand aside for an element whose `valign` the hints map, and lose to any author rule (`:where`).
 * - lists, definition lists, `center` and `button` as Chromium's UA stylesheet has them (chromium-ua-rules.ts).
 * - the elements that stand in for `::before`/`::after` (materializePseudoElements) inline, a pseudo-element's
 *   initial display.
 * The composed document's own canvas rule (html/body margin 0, canvas size) comes later and wins as in Chromium.
 */
/** The tags, each without a `valign` the hints map (VERTICAL_ALIGN, as templates write it), as a selector list. */
const unaligned = (...tags: string[]) => tags.map((t) => t + [...VERTICAL_ALIGN].map((v) => `:not([valign="${v}"])`).join('')).join(',');

export function nativeUaStylesheet(opts: { transparent: boolean }): string {
  const canvas = opts.transparent ? '' : 'background-color:#fff;';
  return [
    `*{box-sizing:content-box}`,
    `html{${canvas}font-family:'${DEFAULT_FAMILY}';font-size:16px;color:#000}`,
    `pre,code,kbd,samp,tt{font-size:0.8125em}`,
    `pre code,pre kbd,pre samp,pre tt,code code,code kbd,kbd kbd{font-size:1em}`,
    `table{box-sizing:border-box}`,
    `:where(${unaligned('thead', 'tbody', 'tfoot', 'tr')}){vertical-align:middle}`,
    `:where(${unaligned('td', 'th')}){vertical-align:inherit}`,
    `${PSEUDO_ELEMENT_TAGS.before},${PSEUDO_ELEMENT_TAGS.after}{display:inline}`,
    chromiumUaRules(),
  ].join('\n');
}
