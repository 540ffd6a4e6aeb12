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
    expect(nativeUaStylesheet({ transparent: true })).not.toContain('background-color');
  });

  it("lays tables out with Chromium's UA rules takumi lacks: a border-box table, cells centred in their row", () => {
    const css = nativeUaStylesheet({ transparent: false });
    expect(css).toContain('table{box-sizing:border-box}');
    expect(css).toContain('thead,tbody,tfoot,tr{vertical-align:middle}');
    expect(css).toContain('td,th{vertical-align:inherit}');
  });
});
