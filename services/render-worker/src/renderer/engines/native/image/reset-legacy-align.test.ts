import type { Node } from '@takumi-rs/core';
import { prepareNativeDocument } from './prepare-native-document';

/** The presets of the document's tables, outermost first. */
function tablePresets(html: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const walk = (n: Node) => {
    if (n.tagName === 'table') out.push((n.preset ?? {}) as Record<string, unknown>);
    if (n.type === 'container') n.children?.forEach(walk);
  };
  walk(prepareNativeDocument(html).node);
  return out;
}

describe('resetLegacyAlignAtTables (parity: presentational-hints-parity.browser.test.ts)', () => {
  it("resets a table's inherited legacy alignment to the left, and places the table as the cell's alignment does", () => {
    const [outer, centred, right] = tablePresets('<table><tr><td align="center"><table><tr><td align="right"><table><tr><td>x</td></tr></table></td></tr></table></td></tr></table>');
    expect(outer).not.toHaveProperty('textAlign');
    expect(centred).toMatchObject({ textAlign: 'left', marginLeft: 'auto', marginRight: 'auto' });
    expect(right).toMatchObject({ textAlign: 'left', marginLeft: 'auto' });
    expect(right).not.toHaveProperty('marginRight');
  });

  it('takes align on a div or p as a legacy alignment, and on a heading as a plain one', () => {
    expect(tablePresets('<div align="right"><table><tr><td>x</td></tr></table></div>')[0]).toMatchObject({ textAlign: 'left', marginLeft: 'auto' });
    expect(tablePresets('<p align="middle"><table><tr><td>x</td></tr></table></p>')).toHaveLength(1); // a p ends before a table
    expect(tablePresets('<h2 align="center"><table><tr><td>x</td></tr></table></h2>')[0]).not.toHaveProperty('textAlign');
  });

  it("places a box its own style makes a block, as an e-mail's <img style=\"display:block\"> in an aligned cell", () => {
    const doc = prepareNativeDocument('<table><tr><td align="center"><a href="#"><img src="a.png" style="display:block"></a><img src="b.png"></td></tr></table>').node;
    const imgs: Node[] = [];
    const walk = (n: Node) => (n.type === 'image' ? imgs.push(n) : n.type === 'container' ? n.children?.forEach(walk) : undefined);
    walk(doc);
    expect(imgs.map((n) => n.preset ?? {})).toEqual([expect.objectContaining({ marginLeft: 'auto', marginRight: 'auto' }), expect.not.objectContaining({ marginLeft: 'auto' })]);
  });

  it('leaves a table whose alignment an author may set on the way', () => {
    expect(tablePresets('<table><tr><td align="center" style="text-align:center"><table><tr><td>x</td></tr></table></td></tr></table>')[1]).not.toHaveProperty('textAlign');
    expect(tablePresets('<style>.c{text-align:center}</style><table><tr><td align="center"><div class="c"><table><tr><td>x</td></tr></table></div></td></tr></table>')[1]).not.toHaveProperty('textAlign');
  });

  it('does the same under <center>, whose block boxes it centres down to the first table, and nothing under an author centring', () => {
    const doc = prepareNativeDocument('<center><div><p>x</p><span>y</span><table><tr><td><div>z</div></td></tr></table></div></center>').node;
    const byTag = (n: Node, tag: string): Node[] => [...(n.tagName === tag ? [n] : []), ...(n.type === 'container' ? (n.children ?? []).flatMap((c) => byTag(c, tag)) : [])];
    const [outer, inCell] = byTag(doc, 'div').map((n) => n.preset as Record<string, unknown>);
    expect(outer).toMatchObject({ marginLeft: 'auto', marginRight: 'auto' });
    expect(byTag(doc, 'p')[0]!.preset).toMatchObject({ marginLeft: 'auto', marginRight: 'auto' });
    expect(byTag(doc, 'span')[0]!.preset ?? {}).not.toHaveProperty('marginLeft');
    expect(byTag(doc, 'table')[0]!.preset).toMatchObject({ textAlign: 'left', marginLeft: 'auto', marginRight: 'auto' });
    expect(inCell).not.toHaveProperty('marginLeft');
    expect(tablePresets('<div style="text-align:center"><table><tr><td>x</td></tr></table></div>')[0]).not.toHaveProperty('textAlign');
  });
});
