import { imagesShown } from './images-shown';

/** Whether the one image `x.png` is drawn by the template as a render composes it. */
const shown = (body: string, url = 'x.png') => imagesShown(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`, [url]).get(url);

describe('imagesShown', () => {
  test('an <img> is hidden by display:none on it or an ancestor, the hidden attribute, visibility:hidden, zero size', () => {
    expect(shown('<img src="x.png">')).toBe(true);
    expect(shown('<img src="x.png" style="display:none">')).toBe(false);
    expect(shown('<div style="display: none"><p><img src="x.png"></p></div>')).toBe(false);
    expect(shown('<div hidden><img src="x.png"></div>')).toBe(false);
    expect(shown('<div style="visibility:hidden"><img src="x.png"></div>')).toBe(false);
    expect(shown('<img src="x.png" width="0" height="40">')).toBe(false);
    expect(shown('<template><img src="x.png"></template>')).toBe(false);
  });

  test('the cascade decides: specificity, order, !important, inline style, inheritance', () => {
    expect(shown('<style>.lt .logo{display:none} img{display:block}</style><div class="lt"><img class="logo" src="x.png"></div>')).toBe(false);
    expect(shown('<style>img{display:none} img{display:block}</style><img src="x.png">')).toBe(true);
    expect(shown('<style>img{display:inline!important}</style><img src="x.png" style="display:none">')).toBe(true);
    expect(shown('<style>[hidden]{display:block}</style><img hidden src="x.png">')).toBe(true);
    expect(shown('<div style="visibility:hidden"><img src="x.png" style="visibility:visible"></div>')).toBe(true);
    expect(shown('<img src="x.png" width="0" style="width:120px">')).toBe(true);
    expect(shown('<style>.a img{width:0}</style><div class="a"><img src="x.png"></div>')).toBe(false);
  });

  test('what it cannot judge never hides: a rule under a condition or with a selector it cannot match that could show it', () => {
    expect(shown('<style>.x{display:none} @media (min-width: 10px){.x{display:block}}</style><img class="x" src="x.png">')).toBe(true);
    expect(shown('<style>.x{display:none} @media (min-width: 10px){.x{display:none}}</style><img class="x" src="x.png">')).toBe(false);
    expect(shown('<style>.x{display:none} img:lang(en){display:block}</style><img class="x" src="x.png">')).toBe(true);
  });

  test('a CSS image is drawn when an element its rule matches (or ::before of one) is', () => {
    expect(shown('<style>.bg{background:url(x.png)}</style><div class="bg"></div>')).toBe(true);
    expect(shown('<style>.bg{background:url("x.png")}</style><div class="bg" style="display:none"></div>')).toBe(false);
    expect(shown('<style>.bg::before{content:"";background-image:url(x.png)}</style><div hidden class="bg"></div>')).toBe(false);
    expect(shown('<style>.bg::before{content:"";background-image:url(x.png)}</style><div class="bg"></div>')).toBe(true);
    expect(shown('<style>.nothing{background:url(x.png)}</style><div></div>')).toBe(false);
    expect(shown('<style>@media print{.bg{background:url(x.png)}}</style><div class="bg"></div>')).toBe(false);
    expect(shown('<div style="background:url(\'x.png\')"></div>')).toBe(true);
    expect(shown('<div hidden style="background:url(\'x.png\')"></div>')).toBe(false);
  });

  test('a URL found nowhere, or in a keyframe, counts as drawn', () => {
    expect(shown('<img src="y.png">')).toBe(true);
    expect(shown('<style>@keyframes k{to{background:url(x.png)}}</style><div></div>')).toBe(true);
    expect(shown('<img src="//:0" hidden>', '//:0')).toBe(false);
  });
});
