/** An element as parse5 gives it: its tag name and attributes. */
interface ElementLike {
  tagName: string;
  attrs: ReadonlyArray<{ name: string; value: string }>;
}

/**
 * Whether an element is a `<link>` that loads a stylesheet: one of its `rel` tokens is `stylesheet` (any case,
 * `alternate stylesheet` included). The one test of it for the gate, the native engine and pinning.
 */
export function isStylesheetLink(el: ElementLike): boolean {
  if (el.tagName.toLowerCase() !== 'link') return false;
  const rel = el.attrs.find((a) => a.name.toLowerCase() === 'rel')?.value ?? '';
  return rel.toLowerCase().split(/\s+/).includes('stylesheet');
}
