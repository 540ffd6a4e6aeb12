import type { CssInput, MeasuredNode, Node, Renderer, RenderOptions } from '@takumi-rs/core';
import { isKeyframesRule, parseCss } from '@rp/engine-gate';
import type { Window } from './paint-windows';

type DrawOptions = RenderOptions & { width: number; height: number };

/** The transform a probe gives the elements of a keyframes animation: one no template animation would land on. */
const MARK = 'translate(0px, 7777.25px)';

/** The sheets with each of `names`' keyframes replaced by one that only moves its elements by MARK. */
function markedSheets(css: readonly CssInput[], names: ReadonlySet<string>): CssInput[] {
  return css.map((sheet) => {
    if (typeof sheet !== 'string') return sheet;
    const root = parseCss(sheet);
    root.walkAtRules((rule) => {
      if (!isKeyframesRule(rule) || !names.has(rule.params.trim())) return;
      rule.removeAll();
      rule.append(`from{transform:${MARK}}to{transform:${MARK}}`);
    });
    return root.toString();
  });
}

/** Adds the paths of the nodes whose transform differs between two layouts; false when their shapes differ. */
function movedPaths(a: MeasuredNode, b: MeasuredNode, path: string, into: Set<string>): boolean {
  if (a.children.length !== b.children.length) return false;
  if (a.transform.some((v, i) => Math.abs(v - b.transform[i]!) > 1e-3)) into.add(path);
  return a.children.every((c, i) => movedPaths(c, b.children[i]!, `${path}.${i}`, into));
}

/**
 * Which nodes of takumi's layout keyframes other than geometry paint (the named windows of paint-windows.ts), as
 * paths of child indexes: takumi's `measure` says where boxes are, not which element each is. Each such keyframes is
 * replaced by one that moves its elements far down (MARK), and the document is laid out with and without that in
 * the middle of each window, where the animation applies whatever its fill mode: the nodes that moved are its
 * elements and what they contain. A frame in those windows can then differ only where these nodes are and where
 * boxes moved (damaged-rows.ts). A reason instead when a window's keyframes mark no node (takumi applied no
 * transform there, as on an inline box) or the two layouts differ in shape: its frames are drawn whole.
 */
export async function paintProbe(renderer: Renderer, node: Node, opts: DrawOptions, windows: readonly Window[]): Promise<Set<string> | string> {
  const named = windows.filter((w) => w[2] !== undefined);
  const painted = new Set<string>();
  if (named.length === 0) return painted;
  if (named.some(([start, end]) => !Number.isFinite(start) || !Number.isFinite(end))) return 'paint_probe_unbounded';
  const marked = markedSheets(opts.css ?? [], new Set(named.map((w) => w[2]!)));
  for (const timeMs of new Set(named.map(([start, end]) => (start + end) / 2))) {
    const [real, probe] = await Promise.all([renderer.measure(node, { ...opts, timeMs }), renderer.measure(node, { ...opts, css: marked, timeMs })]);
    const found = new Set<string>();
    if (!movedPaths(real, probe, '', found)) return 'paint_probe_shape';
    if (found.size === 0) return 'paint_probe_unmarked';
    for (const path of found) painted.add(path);
  }
  return painted;
}
