import { CHROMIUM_UA_DEFAULTS } from '@rp/engine-gate';
import { nativeUaStylesheet } from './native-ua-stylesheet';

describe('nativeUaStylesheet', () => {
  it("gives every box Chromium's content-box sizing", () => {
    expect(nativeUaStylesheet({ transparent: false })).toContain('*{box-sizing:content-box}');
  });

  it("puts Chromium's default family, size and colour on the root", () => {
    expect(nativeUaStylesheet({ transparent: false })).toMatch(/html\{[^}]*font-family:'Liberation Serif';font-size:16px;color:#000/);
  });

  it("sizes monospace elements as Chromium's 13 px default, once", () => {
    const css = nativeUaStylesheet({ transparent: false });
    expect(css).toContain('pre,code,kbd,samp,tt{font-size:0.8125em}');
    expect(css).toContain('pre code,');
  });

  it('paints the canvas white unless the template is transparent', () => {
    expect(nativeUaStylesheet({ transparent: false })).toContain('background-color:#fff');
    expect(nativeUaStylesheet({ transparent: true })).not.toMatch(/html\{[^}]*background-color/);
  });

  it("lays tables out with Chromium's UA rules takumi lacks: a border-box table, cells centred in their row unless a valign says", () => {
    const css = nativeUaStylesheet({ transparent: false });
    expect(css).toContain('table{box-sizing:border-box}');
    const unaligned = (tag: string) => `${tag}:not([valign="top"]):not([valign="middle"]):not([valign="bottom"]):not([valign="baseline"])`;
    // inside :where(), so any author rule outranks them; the valign hint (a preset) must too, as in Chromium
    expect(css).toContain(`:where(${['thead', 'tbody', 'tfoot', 'tr'].map(unaligned).join(',')}){vertical-align:middle}`);
    expect(css).toContain(`:where(${['td', 'th'].map(unaligned).join(',')}){vertical-align:inherit}`);
  });

  it("draws lists, center and button with Chromium's UA rules, which lose to every author rule", () => {
    const css = nativeUaStylesheet({ transparent: false });
    expect(css).toContain(':where(ul ul){list-style-type:circle;margin-top:0px;margin-bottom:0px}');
    expect(css).toContain(':where(center){display:block;text-align:center}');
    expect(css).not.toContain('center *'); // block boxes under <center> are placed by reset-legacy-align.ts
    // a themed button: the measured 1px edge, the rest of its 2px CSS border as padding, the theme's corner and fill
    const { borderWidth, borderColor, cornerInset, background } = CHROMIUM_UA_DEFAULTS.button;
    const ua = CHROMIUM_UA_DEFAULTS.declarations.button!;
    const padding = (side: string) => parseFloat(ua[`padding-${side}`]!) + parseFloat(ua[`border-${side}-width`]!) - borderWidth;
    const button = /:where\(button\)\{([^}]*)\}/.exec(css)![1]!;
    expect(button).toContain(`padding-top:${padding('top')}px;border-top:${borderWidth}px solid ${borderColor};padding-right:${padding('right')}px`);
    expect(button).toContain(`border-radius:${cornerInset}px`);
    expect(button).toContain(`background-color:${background}`);
    expect(button).toContain("font-family:'Liberation Sans'");
    expect(button).not.toContain('appearance');
  });
});
