import { defaultTreeAdapter, parse, type DefaultTreeAdapterMap } from 'parse5';
import { PIN_CAPS, pinnableUrl, type GateFinding, type StylesheetGate } from '@rp/workflow-safe';
import { declaredFamilies, parseSheets, sheetFindings, type Sheet } from './css-findings';
import { documentMatcher } from './selector-match';

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Template = DefaultTreeAdapterMap['template'];

/** Findings kept per stylesheet: one that matches is enough to refuse, the rest only make the manifest longer. */
export const MAX_GATE_FINDINGS = 20;

/** The text of the template's own `<style>` elements (their @font-face rules declare families its sheets may use). */
function ownStyles(node: ParentNode, out: string[]): string[] {
  for (const child of defaultTreeAdapter.getChildNodes(node)) {
    if (!defaultTreeAdapter.isElementNode(child)) continue;
    if (child.tagName === 'style') out.push(defaultTreeAdapter.getChildNodes(child).map((n) => (defaultTreeAdapter.isTextNode(n) ? n.value : '')).join(''));
    else ownStyles(child.tagName === 'template' ? defaultTreeAdapter.getTemplateContent(child as Template) : child, out);
  }
  return out;
}

const unconditional = (reason: string): StylesheetGate => ({ findings: [{ reason, selector: null }], rules: 0, unmatched_rules: 0 });

/**
 * The static gate's verdict of each stylesheet a version keeps (docs/pinning.md), judged by the render worker when
 * it pins them, as the API never has their bytes: the same findings the gate makes of the template's own CSS
 * (css-findings.ts), each kept only when it holds unconditionally or its selector matches an element of the
 * version's HTML. A CSS framework's hundreds of rules for classes the template does not use give nothing.
 * `sheets`: each pinned stylesheet's URL and text, in document order; `pinned`: the URLs pinned (an @import or font
 * among them is kept). Sheets past PIN_CAPS.MAX_JUDGED_CSS_BYTES of text are not judged (`unsupported_css:unjudged`).
 */
export function judgePinnedStylesheets(html: string, sheets: ReadonlyArray<{ url: string; css: string }>, pinned: ReadonlySet<string>): Map<string, StylesheetGate> {
  const out = new Map<string, StylesheetGate>();
  const own = parseSheets(ownStyles(parse(html), []).map((css) => ({ css }))) ?? [];
  const parsed: Array<{ url: string; sheet: Sheet }> = [];
  let budget = PIN_CAPS.MAX_JUDGED_CSS_BYTES;
  for (const s of sheets) {
    budget -= Buffer.byteLength(s.css);
    const sheet = budget >= 0 ? parseSheets([{ css: s.css, base: s.url }])?.[0] : undefined;
    if (sheet) parsed.push({ url: s.url, sheet });
    else out.set(s.url, unconditional(budget >= 0 ? 'unsupported_css:unparsable' : 'unsupported_css:unjudged'));
  }
  const declared = declaredFamilies([...own, ...parsed.map((p) => p.sheet)], pinned);
  const pinnedImport = (raw: string, base: string | undefined) => pinned.has(pinnableUrl(raw, base) ?? '');
  const matches = documentMatcher(html);
  for (const { url, sheet } of parsed) {
    const { findings, rules } = sheetFindings(sheet, { declared, pinnedImport });
    const seen = new Set<string>();
    const kept: GateFinding[] = [];
    for (const f of findings) {
      const key = `${f.reason}\n${f.selector}`;
      if (seen.has(key) || (f.selector !== null && !matches(f.selector))) continue;
      seen.add(key);
      if (kept.length < MAX_GATE_FINDINGS) kept.push(f);
    }
    out.set(url, { findings: kept, rules: rules.length, unmatched_rules: rules.filter((r) => !matches(r)).length });
  }
  return out;
}
