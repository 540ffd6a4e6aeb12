import { selectsElement, type ElementKey } from './could-match-element';

const td = (classAttr?: string, id?: string): ElementKey => ({
  tag: 'td',
  classes: (classAttr ?? '').split(/\s+/).filter(Boolean),
  ...(classAttr !== undefined ? { classAttr } : {}),
  ...(id ? { id } : {}),
});

describe('selectsElement: attribute selectors on class and id', () => {
  it.each([
    ['td[class=em_align_cent]', td('em_align_cent'), true],
    ['td[class=em_align_cent]', td('em_hide'), false],
    ['td[class="em_align_cent"]', td('a em_align_cent'), false],
    ['td[class~=b]', td('a b'), true],
    ['td[class*=align]', td('em_align_cent'), true],
    ['td[class^=EM i]', td('em_x'), true],
    ['td[class$=x]', td(), false],
    ['td[id|=main]', td('', 'main-col'), true],
    ['td[id=main]', td('', 'side'), false],
    // a condition inside :not() is not the compound's own: it is left to hold, as before
    ['td:not([class=x])', td('x'), true],
    // other attributes are assumed to hold
    ['td[align=center]', td(), true],
  ])('%s', (selector, el, expected) => {
    expect(selectsElement(selector, el)).toBe(expected);
  });
});
