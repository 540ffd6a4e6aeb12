import type { Node } from '@takumi-rs/core';
import { parseCss } from '@rp/engine-gate';
import { elementKeyOf, selectsElement } from './could-match-element';

/**
 * The selectors of every style rule in the sheets that declares a property `prop` matches (give `all` in it: it
 * resets every property). A sheet that cannot be read may set it anywhere: `*`.
 */
export function selectorsDeclaring(css: readonly string[], prop: RegExp): string[] {
  const out: string[] = [];
  for (const text of css) {
    try {
      parseCss(text).walkRules((rule) => {
        if (rule.some((d) => d.type === 'decl' && prop.test(d.prop))) out.push(...rule.selectors);
      });
    } catch {
      out.push('*');
    }
  }
  return out;
}

/**
 * Whether an author may set a property on the element: its `style` has it (`styleKey`, camelCase as takumi's tree
 * keeps it), or a rule of `selectors` (selectorsDeclaring) may match it, judged on the rule's rightmost compound.
 */
export function authorMaySet(node: Node, styleKey: string, selectors: readonly string[]): boolean {
  if ((node.style as Record<string, unknown> | undefined)?.[styleKey] !== undefined) return true;
  const key = elementKeyOf(node);
  return selectors.some((s) => selectsElement(s, key));
}
