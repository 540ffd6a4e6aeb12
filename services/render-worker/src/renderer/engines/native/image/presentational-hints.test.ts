import type { Node } from '@takumi-rs/core';
import { prepareNativeDocument } from './prepare-native-document';

/** The preset of the first element with this tag. */
function presetOf(html: string, tag: string): Record<string, unknown> {
  const find = (n: Node): Node | undefined => (n.tagName === tag ? n : n.type === 'container' ? n.children?.map(find).find(Boolean) : undefined);
  return (find(prepareNativeDocument(html).node)?.preset ?? {}) as Record<string, unknown>;
}

describe('applyPresentationalHints: align (parity: presentational-hints-parity.browser.test.ts)', () => {
  it.each([
    ['<h3 align="center">x</h3>', 'h3', 'center'],
    ['<p align="right">x</p>', 'p', 'right'],
    ['<div align="JUSTIFY">x</div>', 'div', 'justify'],
    ['<table><tr><td align="middle">x</td></tr></table>', 'td', 'center'],
    ['<table><tbody align="center"><tr><td>x</td></tr></tbody></table>', 'tbody', 'center'],
  ])('%s aligns its text: %s %s', (html, tag, value) => {
    expect(presetOf(html, tag)).toMatchObject({ textAlign: value });
  });

  it('maps no other value, and no align of another element', () => {
    expect(presetOf('<p align="top">x</p>', 'p')).not.toHaveProperty('textAlign');
    expect(presetOf('<span align="center">x</span>', 'span')).not.toHaveProperty('textAlign');
  });
});

describe('applyPresentationalHints: height (parity: presentational-hints-parity.browser.test.ts)', () => {
  it("makes a cell's height the least it may be, and leaves a table's and a percentage a height", () => {
    expect(presetOf('<table><tr><td height="60">x</td></tr></table>', 'td')).toMatchObject({ minHeight: '60px' });
    expect(presetOf('<table><tr><td height="60">x</td></tr></table>', 'td')).not.toHaveProperty('height');
    expect(presetOf('<table><tr><th height="50%">x</th></tr></table>', 'th')).toMatchObject({ height: '50%' });
    expect(presetOf('<table height="723"><tr><td>x</td></tr></table>', 'table')).toMatchObject({ height: '723px' });
  });
});
