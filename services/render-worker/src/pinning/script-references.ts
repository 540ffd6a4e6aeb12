import { defaultTreeAdapter, type DefaultTreeAdapterMap } from 'parse5';
import { pinnableUrl } from '@rp/workflow-safe';
import type { Reference } from './css-references';
import { moduleImports } from './module-imports';
import { parseImportMaps, type ImportMap } from './resolve-specifier';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** A script the template loads: `<script src>`, or a module a module imports statically. */
export interface ScriptReference extends Reference {
  kind: 'script';
  /** A JavaScript module: its static imports are pinned too (module-imports.ts), resolved against its URL. */
  module: boolean;
  /** The `integrity` attribute (Subresource Integrity), checked against the bytes fetched; null when absent. */
  integrity: string | null;
  /** The document's import map, which the module's bare imports resolve through. */
  importMap: ImportMap;
}

export const isScriptReference = (r: Reference): r is ScriptReference => r.kind === 'script';

/** `type` values that make a classic script (HTML's JavaScript MIME type essences); `module`; anything else is data. */
const CLASSIC = new Set([
  '', 'application/ecmascript', 'application/javascript', 'application/x-ecmascript', 'application/x-javascript', 'text/ecmascript',
  'text/javascript', 'text/javascript1.0', 'text/javascript1.1', 'text/javascript1.2', 'text/javascript1.3', 'text/javascript1.4',
  'text/javascript1.5', 'text/jscript', 'text/livescript', 'text/x-ecmascript', 'text/x-javascript',
]);

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const text = (el: Element) => defaultTreeAdapter.getChildNodes(el).map((n) => (defaultTreeAdapter.isTextNode(n) ? n.value : '')).join('');

/** What a `<script>` is to a browser: its `type`, or `text/<language>` for a legacy `language` attribute. */
function scriptType(el: Element): 'classic' | 'module' | 'importmap' | 'data' {
  const type = (attr(el, 'type') ?? (attr(el, 'language') ? `text/${attr(el, 'language')}` : '')).trim().toLowerCase();
  if (type === 'module' || type === 'importmap') return type;
  return CLASSIC.has(type) ? 'classic' : 'data';
}

/** The import maps of the element's document, in document order (a template has few elements; read once per module). */
function importMapOf(el: Element): ImportMap {
  let root: Node = el;
  while ('parentNode' in root && root.parentNode) root = root.parentNode;
  const texts: string[] = [];
  const walk = (node: Node): void => {
    if (defaultTreeAdapter.isElementNode(node) && node.tagName === 'script' && scriptType(node) === 'importmap') texts.push(text(node));
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(root);
  return parseImportMaps(texts);
}

/**
 * What a `<script>` of the template loads: a classic or module script's static `src` (a `{{placeholder}}` in it
 * makes it per render), and the static imports of an inline module. A `nomodule` script is not loaded by a browser
 * that runs modules, and a script of another type (`text/template`, JSON data) loads nothing; neither is listed.
 */
export function scriptReferences(el: Element): ScriptReference[] {
  const type = scriptType(el);
  if ((type !== 'classic' && type !== 'module') || (type === 'classic' && attr(el, 'nomodule') !== undefined)) return [];
  const module = type === 'module';
  const importMap = module ? importMapOf(el) : [];
  const src = attr(el, 'src');
  if (src === undefined) {
    if (!module) return [];
    return moduleImports(text(el), undefined, importMap).map((i) => ({ url: i.url, kind: 'script', module: i.javascript, integrity: null, importMap }));
  }
  const url = src.includes('{{') ? null : pinnableUrl(src.trim());
  return url ? [{ url, kind: 'script', module, integrity: attr(el, 'integrity') ?? null, importMap }] : [];
}
