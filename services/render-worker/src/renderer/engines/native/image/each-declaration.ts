import type { CssInput, Node } from '@takumi-rs/core';
import { cssPropertyName } from './css-property-name';
import { parseCss } from '@rp/engine-gate';

/** A declaration as written: its CSS property name (lower case) and its value. */
export type DeclarationVisitor = (prop: string, value: string) => void;

function walkNode(node: Node, visit: DeclarationVisitor): void {
  for (const style of [node.style, (node as { preset?: Node['style'] }).preset]) {
    for (const [key, value] of Object.entries(style ?? {})) visit(cssPropertyName(key), String(value));
  }
  if (node.type === 'container') for (const child of node.children ?? []) walkNode(child, visit);
}

/**
 * Every declaration of a document, whichever element it applies to: each stylesheet's, then each node's inline
 * style. False when a stylesheet cannot be read (given as an object, or it does not parse): a caller that needs
 * every declaration then knows it has not seen them all.
 */
export function eachDeclaration(node: Node, css: readonly CssInput[], visit: DeclarationVisitor): boolean {
  for (const sheet of css) {
    if (typeof sheet !== 'string') return false;
    try {
      parseCss(sheet).walkDecls((d) => visit(d.prop.toLowerCase(), d.value));
    } catch {
      return false;
    }
  }
  walkNode(node, visit);
  return true;
}
