import type { Node } from '@takumi-rs/core';
import { displayOf } from './node-display';

/** Zero width space: a line of the block's height with nothing drawn on it. */
const EMPTY_LINE = '\u200B';
const COLLAPSIBLE_ONLY = /^[ \t\n\r\f]*$/;

const isBreak = (n: Node) => n.type === 'text' && n.tagName?.toLowerCase() === 'br';
/** Boxes whose children are each blockified: a `<br>` ends its own item, not the container's run. */
const blockifiesChildren = (display: string) => /^(?:inline-)?(?:flex|grid)$/.test(display);

interface Run {
  /** The last `<br>` with only collapsible white space after it, and its parent. */
  pending: { node: Node; parent: Node } | null;
  /** Whether the run had content (text, an image, an atomic inline or a `<br>`) before `pending`. */
  contentBefore: boolean;
  any: boolean;
}

/**
 * The `<br>` that ends a run of inline content, as Chromium lays it out: the break ends the line, and no empty line
 * follows it. takumi's converter makes a `<br>` a "\n" in preserved white space, which opens a new line even at the
 * end, so `Text<br>` in a cell was two lines and every e-mail paragraph written `text<br /><br />` one line taller
 * (postmark's lists of options, sendwithus's footers). Such a break goes; one that is its run's only content (an
 * empty `<p><br></p>`, one line in Chromium) becomes an empty line. A run ends at its block container's end and at
 * each block-level child (by the element's UA display or its `style` attribute: a stylesheet that makes a `div`
 * inline is not read, and there a break that does not end the line may go).
 */
export function dropTrailingBreaks(root: Node): void {
  const drops = new Map<Node, Set<Node>>();
  const end = (run: Run) => {
    const p = run.pending;
    if (!p) return;
    if (run.contentBefore) (drops.get(p.parent) ?? drops.set(p.parent, new Set()).get(p.parent)!).add(p.node);
    else (p.node as { text: string }).text = EMPTY_LINE;
  };
  const fresh = (): Run => ({ pending: null, contentBefore: false, any: false });
  const content = (run: Run) => {
    run.pending = null;
    run.any = true;
  };

  const block = (container: Node) => {
    const run = fresh();
    const eachChildBlock = blockifiesChildren(displayOf(container));
    for (const child of container.type === 'container' ? (container.children ?? []) : []) {
      if (eachChildBlock) {
        end(run);
        Object.assign(run, fresh());
      }
      visit(child, container, run);
    }
    end(run);
  };

  const visit = (n: Node, parent: Node, run: Run): void => {
    const display = displayOf(n);
    if (display === 'none') return;
    if (display !== 'inline' && display !== 'contents') {
      if (display.startsWith('inline')) {
        block(n); // an atomic inline: its own lines, one piece of content in the run
        content(run);
        return;
      }
      end(run);
      Object.assign(run, fresh());
      block(n);
      return;
    }
    if (isBreak(n)) {
      run.contentBefore = run.any;
      run.any = true;
      run.pending = { node: n, parent };
    } else if (n.type === 'container') {
      for (const child of n.children ?? []) visit(child, n, run);
    } else if (n.type !== 'text' || !COLLAPSIBLE_ONLY.test((n as { text: string }).text)) {
      content(run);
    }
  };

  visit(root, root, fresh());
  for (const [parent, gone] of drops) {
    if (parent.type === 'container') parent.children = parent.children?.filter((c) => !gone.has(c));
  }
}
