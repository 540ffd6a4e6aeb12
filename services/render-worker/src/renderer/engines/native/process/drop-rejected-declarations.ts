import type { Node } from '@takumi-rs/core';

/**
 * How many declarations one job may lose this way before it fails: each costs an attempt that stops at takumi's
 * reading of the tree, and a template with more than this many invalid values is not one a retry loop should serve.
 */
export const MAX_REJECTED_DECLARATIONS = 20;

/** takumi's refusal of an element's own style value: the property (camelCase) and the value it was given. */
const REJECTED = /invalid value for (\w+),[^]*? string "((?:[^"\\]|\\.)*)"/;

/**
 * The declaration takumi refused in an element's own `style`, from its error: `{ property, value }` or undefined for
 * any other failure. takumi reports the value as a Rust string literal (`\"x\"` for a quoted one).
 */
export function rejectedDeclaration(err: unknown): { property: string; value: string } | undefined {
  const m = REJECTED.exec(err instanceof Error ? err.message : String(err));
  if (!m) return undefined;
  let value = m[2]!;
  try {
    value = JSON.parse(`"${value}"`) as string;
  } catch {
    // an escape JSON does not share (`\u{..}`): compared as written
  }
  return { property: m[1]!, value };
}

/**
 * Removes `property: value` from the `style` of every element of the tree that declares it, returning how many did.
 * takumi fails a whole render on a value it cannot read in a `style` attribute (`font-weight: light`,
 * `font-size: 20pxl`), while Chromium drops that one declaration and draws the rest, as takumi itself does in a
 * stylesheet. Where the attribute declared the property earlier with a valid value, Chromium keeps that one; the tree
 * holds only the last, so the property is left unset here (the parity check judges what that changes).
 */
export function dropDeclaration(node: Node, property: string, value: string): number {
  let dropped = 0;
  const style = node.style as Record<string, unknown> | undefined;
  if (style && property in style && String(style[property]).trim() === value.trim()) {
    delete style[property];
    dropped++;
  }
  if (node.type === 'container') for (const child of node.children ?? []) dropped += dropDeclaration(child, property, value);
  return dropped;
}

/**
 * Runs `attempt` on the tree, and again each time takumi refuses a value in an element's `style` (the declaration
 * dropped first, as Chromium drops it), up to MAX_REJECTED_DECLARATIONS times. A template without such a value costs
 * nothing: the first attempt is the render. Returns the result and the declarations dropped (`fontWeight: light`).
 */
export async function withRejectedDeclarationsDropped<T>(node: Node, attempt: () => Promise<T>): Promise<{ result: T; dropped: string[] }> {
  const dropped: string[] = [];
  for (;;) {
    try {
      return { result: await attempt(), dropped };
    } catch (err) {
      const rejected = rejectedDeclaration(err);
      if (!rejected || dropped.length >= MAX_REJECTED_DECLARATIONS || dropDeclaration(node, rejected.property, rejected.value) === 0) throw err;
      dropped.push(`${rejected.property}: ${rejected.value}`);
    }
  }
}
