import type { Node } from '@takumi-rs/core';
import { prepareNativeDocument } from './prepare-native-document';

/** The body's text as takumi gets it: a `<br>` is "\n", an empty line "·", each block's lines in brackets. */
function lines(body: string): string {
  const show = (n: Node): string => {
    const inner =
      n.tagName === 'br' ? ((n as { text: string }).text === '\n' ? '\\n' : '·')
      : n.type === 'text' ? (n as { text: string }).text.replace(/\s+/g, ' ')
      : n.type === 'container' ? (n.children ?? []).map(show).join('') : '';
    return /^(?:div|p|td|li)$/.test(n.tagName ?? '') ? `[${inner}]` : inner;
  };
  const find = (n: Node): Node | undefined =>
    n.tagName === 'body' ? n : n.type === 'container' ? (n.children ?? []).map(find).find(Boolean) : undefined;
  return show(find(prepareNativeDocument(`<!DOCTYPE html><html><body>${body}</body></html>`).node)!);
}

describe('dropTrailingBreaks (parity: css-normalization-parity.browser.test.ts)', () => {
  it('drops the break that ends a block, inside inline elements and before white space too', () => {
    expect(lines('<div>Text<br></div>')).toBe('[Text]');
    expect(lines('<div>Text<br><br>\n  </div>')).toBe('[Text\\n]');
    expect(lines('<div><span>Text <b>one<br></b></span> </div>')).toBe('[Text one ]');
  });

  it('drops the break before a block-level child, and keeps one that text follows', () => {
    expect(lines('<div>Text<br><p>para</p>after<br>more</div>')).toBe('[Text[para]after\\nmore]');
  });

  it("makes a lone break its block's one empty line", () => {
    expect(lines('<p><br></p><div><br><br></div>')).toBe('[·][\\n]');
  });

  it('ends a run at each flex item, and inside an inline-block', () => {
    expect(lines('<div style="display:flex"><span>a<br></span><span>b</span></div>')).toBe('[ab]');
    expect(lines('<div>x<span style="display:inline-block">in<br></span>y<br>z</div>')).toBe('[xiny\\nz]');
  });
});
