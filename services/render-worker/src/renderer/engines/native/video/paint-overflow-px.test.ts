import type { Node } from '@takumi-rs/core';
import { paintOverflowPx } from './paint-overflow-px';

const tree = (style: Record<string, string> = {}): Node => ({ type: 'container', style, children: [] }) as Node;

describe('paintOverflowPx', () => {
  it('is 0 when nothing paints outside its box', () => {
    expect(paintOverflowPx(tree(), ['.a{color:red;border:2px solid}'])).toBe(0);
  });

  it('takes the largest shadow, three radii of the largest blur, and the outline, added up', () => {
    const css = '.a{box-shadow:0 8px 24px rgba(0,0,0,.35)} .b{box-shadow:0 2px 4px #000, 0 0 6px red} .c{filter:blur(4px)} .d{outline:2px solid red;outline-offset:3px}';
    expect(paintOverflowPx(tree(), [css])).toBe(32 + 12 + 2 + 3);
  });

  it('reads inline styles, and counts a keyword outline as thick', () => {
    expect(paintOverflowPx(tree({ textShadow: '1px 1px 2px black' }), [])).toBe(4);
    expect(paintOverflowPx(tree({ outline: 'medium solid' }), [])).toBe(5);
  });

  it('is null for a length it cannot size from the text alone', () => {
    expect(paintOverflowPx(tree(), ['.a{box-shadow:0 0 1em red}'])).toBeNull();
    expect(paintOverflowPx(tree(), ['.a{filter:blur(var(--b))}'])).toBeNull();
  });
});
