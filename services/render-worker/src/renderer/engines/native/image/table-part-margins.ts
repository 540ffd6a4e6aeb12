import type { Node } from '@takumi-rs/core';
import { authorMaySet, selectorsDeclaring } from './author-may-set';

/** The elements whose UA display is a row group, a row or a cell. */
const TABLE_PARTS = new Set(['thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);

/**
 * No margins on rows, row groups and cells: they do not apply there in Chromium, and takumi applied them (mailgun's
 * `.aligncenter{margin:20px 0 0}`, written for headings and put on a cell too, moved every row below it). Each such
 * element whose display no author may set (its `style`, or a stylesheet rule that may match it, selectorsDeclaring)
 * gets `margin: 0` in its own style, which outranks every stylesheet rule but an `!important` one; one an author may
 * make a block (e-mails' `td.container{display:block;margin:0 auto}`) keeps its margins. Mutates the tree.
 */
export function dropTablePartMargins(root: Node, css: readonly string[]): void {
  // read once, and only when the tree has a table part
  let displays: string[] | undefined;
  const walk = (node: Node) => {
    if (node.type !== 'container' && node.type !== 'text' && node.type !== 'image') return;
    if (node.tagName && TABLE_PARTS.has(node.tagName.toLowerCase()) && !authorMaySet(node, 'display', (displays ??= selectorsDeclaring(css, /^(display|all)$/i)))) {
      const kept = Object.entries((node.style ?? {}) as Record<string, unknown>).filter(([k]) => !/^margin/i.test(k));
      node.style = Object.fromEntries([...kept, ['margin', '0']]) as typeof node.style;
    }
    if (node.type === 'container') for (const child of node.children ?? []) walk(child);
  };
  walk(root);
}
