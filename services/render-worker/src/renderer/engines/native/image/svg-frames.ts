import type { Node } from '@takumi-rs/core';
import { svgMotion, type SvgMotion } from '@rp/engine-gate';

/** A document's moving inline SVGs, drawn at any instant. */
export interface SvgFrames {
  /** The tree at `timeMs`: each moving SVG's markup with its animated values then (svgMotion), the rest shared. */
  at(root: Node, timeMs: number): Node;
  /** After this instant no SVG moves (Infinity when one repeats forever). */
  endMs: number;
}

/** The tree with the image node at `path` drawing `src`: a copy along the path, every other node shared. */
function withSrc(node: Node, path: readonly number[], src: string): Node {
  if (path.length === 0) return { ...node, src } as Node;
  if (node.type !== 'container' || !node.children) return node;
  return { ...node, children: node.children.map((c, i) => (i === path[0] ? withSrc(c, path.slice(1), src) : c)) };
}

/**
 * The inline SVGs of a node tree that move in a browser by their own CSS animations (takumi's converter makes each an
 * image node of its markup, which resvg draws as a still), found by child-index path; null when none moves. The
 * static gate refuses a video whose SVG moves in a way svgMotion does not bake; in an image such an SVG is drawn as
 * written, as before.
 */
export function svgFrames(root: Node): SvgFrames | null {
  const moving: Array<{ path: number[]; motion: SvgMotion }> = [];
  const walk = (node: Node, path: number[]) => {
    if (node.type === 'image' && typeof node.src === 'string' && node.src.startsWith('<')) {
      const plan = svgMotion(node.src);
      if (plan && 'motion' in plan) moving.push({ path, motion: plan.motion });
    }
    if (node.type === 'container') node.children?.forEach((c, i) => walk(c, [...path, i]));
  };
  walk(root, []);
  if (moving.length === 0) return null;
  return {
    endMs: Math.max(...moving.map((m) => m.motion.endMs)),
    at: (tree, timeMs) => moving.reduce((t, m) => withSrc(t, m.path, m.motion.at(timeMs)), tree),
  };
}
