import { selectAll } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { parse } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';
import { stillStateSelector } from './still-state-selectors';

describe('stillStateSelector', () => {
  it.each([
    ['a:link', 'a:where(a, area)[href]'],
    ['.c div a:link, .c div a:visited, .c div a .yshortcuts', '.c div a:where(a, area)[href], .c div a[data-state]:not(*), .c div a .yshortcuts'],
    [':any-link', ':where(a, area)[href]'],
    ['a:HOVER', 'a[data-state]:not(*)'],
    ['p:not(:visited)', 'p:not([data-state]:not(*))'],
    ['.btn:active::before', '.btn[data-state]:not(*)::before'],
  ])('%s', (list, out) => {
    expect(stillStateSelector(list)).toBe(out);
  });

  it('returns a list without a state, or one it cannot read, as written', () => {
    for (const list of ['.a  >  b', 'a:focus', 'td[class="x"] a', 'a:link(']) expect(stillStateSelector(list)).toBe(list);
  });

  it('selects what Chromium selects in a still render: every link unvisited, nothing hovered', () => {
    const doc = parse('<a href="#">x</a><a>y</a><map><area href="#"></map><div href="#"></div>', { treeAdapter: adapter });
    const names = (sel: string) => selectAll<AnyNode, Element>(stillStateSelector(sel), doc).map((el) => `${el.name}${'href' in el.attribs ? '[href]' : ''}`);
    expect(names(':link')).toEqual(['a[href]', 'area[href]']);
    expect(names('a:visited, div')).toEqual(['div[href]']);
    expect(names('a:not(:hover)')).toEqual(['a[href]', 'a']);
  });
});
