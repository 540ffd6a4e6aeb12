import { parse as parseSelector, SelectorType, type Selector } from 'css-what';
import type { AnyNode, Element } from 'domhandler';
import { parse } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';
import postcss, { type Container } from 'postcss';
import { cssUrls } from './css-urls';
import { hasPseudoElement, live, ruleCondition, select, staticHidden, textOf } from './static-hidden';
import { parseCss } from './parse-css';

/** Elements that draw a URL, or 'unknown' when some use of it cannot be tied to elements (then it counts as drawn). */
type Uses = Map<string, Element[] | 'unknown'>;

const BOX_PSEUDO = /^(before|after|marker|first-line|first-letter)$/;
const TRAVERSAL = new Set<string>([SelectorType.Child, SelectorType.Descendant, SelectorType.Adjacent, SelectorType.Sibling, SelectorType.Parent]);

/** A selector of a pseudo-element's box as the selector of its element (`.a > ::before` is `.a > *`); null for other pseudo-elements. */
function hostSelector(sel: Selector[]): Selector[] | null {
  if (!hasPseudoElement(sel)) return sel;
  if (sel.some((t) => t.type === SelectorType.PseudoElement && !BOX_PSEUDO.test(t.name))) return null;
  const out = sel.filter((t) => !(t.type === SelectorType.PseudoElement || (t.type === SelectorType.Pseudo && BOX_PSEUDO.test(t.name))));
  if (out.length === 0 || TRAVERSAL.has(out[out.length - 1]!.type)) out.push({ type: SelectorType.Universal, namespace: null });
  return out;
}

const inKeyframes = (parent: Container | undefined): boolean => {
  for (let p = parent; p && p.type !== 'root'; p = p.parent as Container | undefined) if (p.type === 'atrule' && /keyframes$/i.test((p as postcss.AtRule).name)) return true;
  return false;
};

function note(uses: Uses, url: string, els: Element[] | 'unknown'): void {
  const had = uses.get(url) ?? [];
  uses.set(url, had === 'unknown' || els === 'unknown' ? 'unknown' : [...had, ...els]);
}

/** The uses of the wanted URLs in one stylesheet's rules: the elements each rule's selectors match. */
function sheetUses(css: string, dom: AnyNode, wanted: ReadonlySet<string>, uses: Uses): void {
  let root: postcss.Root;
  try {
    root = parseCss(css);
  } catch {
    for (const u of cssUrls(css)) if (wanted.has(u.url)) note(uses, u.url, 'unknown');
    return;
  }
  root.walkDecls((d) => {
    const urls = cssUrls(d.value).map((u) => u.url).filter((u) => wanted.has(u));
    const parent = d.parent as postcss.Rule | postcss.AtRule | undefined;
    // an @font-face source is a font, and a rule that never applies (print) draws nothing
    if (urls.length === 0 || (parent?.type === 'atrule' && /^font-face$/i.test(parent.name))) return;
    if (parent?.type !== 'rule' || inKeyframes(parent.parent)) return urls.forEach((u) => note(uses, u, 'unknown'));
    const rule = parent;
    if (ruleCondition(rule.parent) === 'never') return urls.forEach((u) => note(uses, u, []));
    let matched: Element[] | 'unknown' = [];
    try {
      for (const sel of parseSelector(rule.selector)) {
        const host = hostSelector(sel);
        if (host) matched = [...matched, ...select([host], dom)];
      }
    } catch {
      matched = 'unknown';
    }
    for (const u of urls) note(uses, u, matched);
  });
}

/**
 * For each image URL, whether the document draws it: some element that uses it (an `<img src>`, a `url()` in its
 * style attribute, a stylesheet rule matching it, `::before`/`::after` counting as their element) is not hidden
 * (staticHidden). A URL only rules matching nothing use is not drawn; one used where the uses cannot be told (a
 * selector that cannot be matched, a keyframe) or not found at all counts as drawn: a caller never drops what a
 * browser might show. URLs are compared as written (the `src` attribute, the `url()` token's text).
 */
export function imagesShown(documentHtml: string, urls: readonly string[]): Map<string, boolean> {
  const dom = parse(documentHtml, { treeAdapter: adapter }) as unknown as AnyNode;
  const styles = select('style', dom).filter((el) => live(el, dom)).map(textOf);
  const hidden = staticHidden(dom, styles);
  const wanted = new Set(urls);
  const uses: Uses = new Map();
  for (const img of select('img[src]', dom)) if (wanted.has(img.attribs.src!.trim())) note(uses, img.attribs.src!.trim(), [img]);
  for (const el of select('[style]', dom)) for (const u of cssUrls(el.attribs.style!)) if (wanted.has(u.url)) note(uses, u.url, [el]);
  for (const css of styles) sheetUses(css, dom, wanted, uses);
  return new Map(urls.map((u) => {
    const found = uses.get(u);
    return [u, found === undefined || found === 'unknown' || found.some((el) => !hidden(el))];
  }));
}
