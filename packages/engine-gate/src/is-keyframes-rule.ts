import type { Node } from 'postcss';

/** The at-rule names Chromium reads as keyframes (`@-moz-keyframes` and `@-o-keyframes` are unknown rules to it). */
const KEYFRAMES = new Set(['keyframes', '-webkit-keyframes']);

/**
 * Whether a postcss node is a keyframes rule as Chromium reads one: `@keyframes` or `@-webkit-keyframes`, in any
 * case. The one test of it for the gate, the native engine and the parity check.
 */
export function isKeyframesRule(node: Node | undefined): boolean {
  return node?.type === 'atrule' && KEYFRAMES.has((node as Node & { name: string }).name.toLowerCase());
}
