import { defaultTreeAdapter, parse, type DefaultTreeAdapterMap } from 'parse5';
import { isStylesheetLink } from '@rp/engine-gate';
import { pinnableUrl } from '@rp/workflow-safe';
import { cssReferences, type Reference } from './css-references';
import { scriptReferences } from './script-references';

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
/** A `{{placeholder}}` in a URL makes it per render: it is bound then, not pinned. */
const isStatic = (url: string) => !url.includes('{{');

function visit(el: Element, out: Reference[]): void {
  if (isStylesheetLink(el)) {
    const href = attr(el, 'href') ?? '';
    const url = isStatic(href) ? pinnableUrl(href.trim()) : null;
    if (url) out.push({ url, kind: 'stylesheet' });
  } else if (el.tagName === 'img') {
    const src = attr(el, 'src') ?? '';
    const url = isStatic(src) ? pinnableUrl(src.trim()) : null;
    if (url) out.push({ url, kind: 'image' });
  } else if (el.tagName === 'script') {
    out.push(...scriptReferences(el));
  } else if (el.tagName === 'style') {
    const text = defaultTreeAdapter.getChildNodes(el).map((n) => (defaultTreeAdapter.isTextNode(n) ? n.value : '')).join('');
    out.push(...cssReferences(text).filter((r) => isStatic(r.url)));
  }
  const style = attr(el, 'style');
  if (style) out.push(...cssReferences(style).filter((r) => isStatic(r.url)));
}

function walk(node: ParentNode, out: Reference[]): void {
  for (const child of defaultTreeAdapter.getChildNodes(node)) {
    if (!defaultTreeAdapter.isElementNode(child)) continue;
    visit(child, out);
    // template content is inert in a browser: nothing in it loads
    if (child.tagName !== 'template') walk(child, out);
  }
}

/**
 * What a template's HTML loads from elsewhere, in document order and without repeats: `<link rel="stylesheet">`,
 * static `<img src>`, `<script src>` and the static imports of an inline module script (script-references.ts),
 * and the @imports, @font-face sources and url()s of its `<style>` elements and style attributes. A URL with a
 * `{{placeholder}}` in it is bound per render and not listed; so is everything that is not absolute http(s)
 * (data:, asset://, relative paths, which have no base in a template).
 */
export function htmlReferences(html: string): Reference[] {
  const out: Reference[] = [];
  walk(parse(html), out);
  const seen = new Set<string>();
  return out.filter((r) => !seen.has(r.url) && seen.add(r.url));
}
