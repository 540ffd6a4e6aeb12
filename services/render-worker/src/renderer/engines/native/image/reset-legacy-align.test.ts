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

  it('leaves a table whose alignment an author may set on the way, or whose margins an author may set', () => {
    expect(tablePresets('<table><tr><td align="center" style="text-align:center"><table><tr><td>x</td></tr></table></td></tr></table>')[1]).not.toHaveProperty('textAlign');
    expect(tablePresets('<style>.c{text-align:center}</style><table><tr><td align="center"><div class="c"><table><tr><td>x</td></tr></table></div></td></tr></table>')[1]).not.toHaveProperty('textAlign');
    const [, styled] = tablePresets('<style>table.t{margin:0}</style><table><tr><td align="center"><table class="t"><tr><td>x</td></tr></table></td></tr></table>');
    expect(styled).toMatchObject({ textAlign: 'left' });
    expect(styled).not.toHaveProperty('marginLeft');
  });

  it('leaves tables under <center> and under a plain author centring', () => {
    expect(tablePresets('<center><table><tr><td>x</td></tr></table></center>')[0]).not.toHaveProperty('textAlign');
    expect(tablePresets('<div style="text-align:center"><table><tr><td>x</td></tr></table></div>')[0]).not.toHaveProperty('textAlign');
  });
});
