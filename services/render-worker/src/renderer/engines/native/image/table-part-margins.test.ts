import type { Node } from '@takumi-rs/core';
import { prepareNativeDocument } from './prepare-native-document';

/** The own style of every element with this tag, in document order. */
function stylesOf(html: string, tag: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const walk = (n: Node) => {
    if (n.tagName === tag) out.push((n.style ?? {}) as Record<string, unknown>);
    if (n.type === 'container') n.children?.forEach(walk);
  };
  walk(prepareNativeDocument(html).node);
  return out;
}

describe('dropTablePartMargins (parity: css-normalization-parity.browser.test.ts)', () => {
  it('gives rows and cells no margin, over their own style and any stylesheet rule', () => {
    const [a, b] = stylesOf('<style>.a{margin:20px 0 0}</style><table><tr><td class="a">x</td><td style="margin:4px;margin-left:9px;color:red">y</td></tr></table>', 'td');
    expect(a).toEqual({ margin: '0' });
    expect(b).toEqual({ color: 'red', margin: '0' });
    expect(stylesOf('<table><tr style="margin:10px"><td>x</td></tr></table>', 'tr')[0]).toEqual({ margin: '0' });
  });

  it('leaves a cell whose display an author may set, by its style or a rule that may match it', () => {
    const [byRule, byStyle] = stylesOf('<style>@media (max-width:480px){.c{display:block}}</style><table><tr><td class="c" style="margin:0 auto">x</td><td style="display:block;margin:4px">y</td></tr></table>', 'td');
    expect(byRule).toEqual({ margin: '0 auto' });
    expect(byStyle).toEqual({ display: 'block', margin: '4px' });
  });
});
