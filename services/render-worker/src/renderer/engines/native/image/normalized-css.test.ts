import { normalizedCss } from './normalized-css';

describe('normalizedCss: values and selectors takumi reads', () => {
  it('writes the initial values takumi fails on as `initial`, and a background without `scroll`', () => {
    expect(normalizedCss('letter-spacing:normal;word-spacing:normal!important;align-self:auto;translate:none;place-self:auto', true)).toBe(
      'letter-spacing:initial;word-spacing:initial!important;align-self:initial;translate:initial;place-self:initial',
    );
    expect(normalizedCss('.a{background:#fff none repeat scroll 0 0}.b{background:url(a.png) scroll, red}')).toBe('.a{background:#fff none repeat 0 0}.b{background:url(a.png), red}');
    expect(normalizedCss('letter-spacing:2px;align-self:center;background:red', true)).toBe('letter-spacing:2px;align-self:center;background:red');
  });

  it('computes min(), max() and clamp() on the canvas it is given, and leaves them without one', () => {
    expect(normalizedCss('.a{width:clamp(100px,30vw,500px)}', false, { width: 1000, height: 500 })).toBe('.a{width:300px}');
    expect(normalizedCss('.a{width:clamp(100px,30vw,500px)}')).toBe('.a{width:clamp(100px,30vw,500px)}');
  });

  it('writes the link and user-action states as what they select in a still render', () => {
    expect(normalizedCss('a:link,a:visited{color:#369}@media (max-width:600px){a:hover{color:red}}')).toBe(
      'a:where(a, area)[href], a[data-state]:not(*){color:#369}@media (max-width:600px){a[data-state]:not(*){color:red}}',
    );
  });
});
