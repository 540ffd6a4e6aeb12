import type { Node } from '@takumi-rs/core';

type Style = Record<string, unknown> | undefined;

/**
 * An element's display as the preparation can know it: its `style` attribute's (`!important` or not), else its UA
 * display (fromHtml's preset), else `inline`. Stylesheet rules are not read.
 */
export const displayOf = (node: Node): string =>
  String((node.style as Style)?.display ?? (node.preset as Style)?.display ?? 'inline')
    .replace(/!\s*important\s*$/i, '')
    .trim()
    .toLowerCase();
