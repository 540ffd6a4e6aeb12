import { defaultTreeAdapter, html as parse5Html, parse, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { cssImports, isStylesheetLink, rewriteCssUrls } from '@rp/engine-gate';
import { PIN_CAPS, pinnableUrl } from '@rp/workflow-safe';
import type { PinnedResolver } from '../../../pinned-resolver';

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];

/** Relative url()s of a pinned stylesheet made absolute against its URL, the key its pinned resources are found by. */
function absolutize(css: string, base: string): string {
  return rewriteCssUrls(css, (raw, whole) => {
    if (!raw || raw.startsWith('#') || /^data:/i.test(raw)) return whole;
    const abs = pinnableUrl(raw, base);
    return abs ? `url("${abs.replace(/"/g, '%22')}")` : whole;
  });
}

/** The CSS with each pinned @import replaced by the imported sheet (itself inlined), as a browser would apply it. */
async function inlineImports(css: string, base: string | undefined, pinned: PinnedResolver, depth: number): Promise<string> {
  const found: Array<{ start: number; end: number; url: string }> = [];
  for (const i of cssImports(css)) {
    const url = pinnableUrl(i.url, base);
    if (url && pinned.match(url)) found.push({ ...i, url });
  }
  let out = css;
  for (const f of [...found].reverse()) out = out.slice(0, f.start) + out.slice(f.end);
  const sheets = await Promise.all(found.map((f) => pinnedSheet(f.url, pinned, depth + 1)));
  // an @import's rules come before the importing sheet's own
  return [...sheets, out].join('\n');
}

async function pinnedSheet(url: string, pinned: PinnedResolver, depth: number): Promise<string> {
  const entry = pinned.match(url)!;
  const answer = await pinned.answer(entry);
  if (!answer.ok) throw answer.failure;
  const css = absolutize(answer.body.toString('utf8'), url);
  return depth >= PIN_CAPS.MAX_IMPORT_DEPTH ? css : inlineImports(css, url, pinned, depth);
}

const href = (el: Element) => el.attrs.find((a) => a.name === 'href')?.value ?? '';
const textOf = (el: Element) => defaultTreeAdapter.getChildNodes(el).map((n) => (defaultTreeAdapter.isTextNode(n) ? n.value : '')).join('');

function styleElement(css: string, parent: ParentNode): Element {
  const el = defaultTreeAdapter.createElement('style', parse5Html.NS.HTML, []);
  defaultTreeAdapter.insertText(el, css);
  el.parentNode = parent;
  return el;
}

async function inlineIn(node: ParentNode, pinned: PinnedResolver): Promise<void> {
  const children = defaultTreeAdapter.getChildNodes(node);
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (!defaultTreeAdapter.isElementNode(child)) continue;
    if (isStylesheetLink(child)) {
      const url = pinnableUrl(href(child).trim());
      if (url && pinned.match(url)) children[i] = styleElement(await pinnedSheet(url, pinned, 0), node);
    } else if (child.tagName === 'style') {
      const css = textOf(child);
      if (/@import/i.test(css)) children[i] = styleElement(await inlineImports(css, undefined, pinned, 0), node);
    } else if (child.tagName !== 'template') await inlineIn(child, pinned);
  }
}

/**
 * The document the native engine draws, with its pinned stylesheets in place (docs/pinning.md): each
 * `<link rel="stylesheet">` and `@import` the version pinned becomes the stored sheet's text, its own @imports
 * inlined and its url()s absolute, so fonts and images in it are found among the pinned resources as well. Nothing
 * is fetched; a sheet recorded `unresolved` fails the render with its recorded code. Unpinned links stay.
 */
export async function inlinePinnedStylesheets(document: string, pinned: PinnedResolver | undefined): Promise<string> {
  if (!pinned || !/<link|@import/i.test(document)) return document;
  const tree = parse(document);
  await inlineIn(tree, pinned);
  return serialize(tree);
}
