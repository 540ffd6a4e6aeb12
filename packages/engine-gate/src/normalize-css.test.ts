import postcss from 'postcss';
import { aliasValue } from './alias-value';
import { CHROMIUM_CSS_ALIASES } from './chromium-css-aliases';
import { NATIVE_CSS_PROPERTIES } from './native-support';
import { normalizeCss } from './normalize-css';

const norm = (css: string) => normalizeCss(postcss.parse(css)).toString().replace(/\s+/g, ' ').trim();

describe('normalizeCss', () => {
  it('lets the cascade decide within a block: the last declaration of a property, an important one over later normal ones', () => {
    expect(norm('.a{display:-webkit-box;display:-ms-flexbox;display:flex}')).toBe('.a{display:flex}');
    expect(norm('.a{color:red;width:1px;color:blue}')).toBe('.a{width:1px;color:blue}');
    expect(norm('.a{color:red!important;color:blue}')).toBe('.a{color:red!important}');
    expect(norm('.a{color:red!important;color:blue!important}')).toBe('.a{color:blue!important}');
    // a longhand and its shorthand are different properties: both stay, in order
    expect(norm('.a{background-color:red;background:blue}')).toBe('.a{background-color:red;background:blue}');
    // overrides across blocks are not resolved
    expect(norm('.a{color:red}.a{color:blue}')).toBe('.a{color:red}.a{color:blue}');
  });

  it('reads prefixed aliases as the property Chromium stores them under, then lets the cascade decide', () => {
    expect(norm('.a{-webkit-filter:blur(2px)}')).toBe('.a{filter:blur(2px)}');
    expect(norm('.a{-webkit-transform:rotate(3deg);transform:rotate(4deg)}')).toBe('.a{transform:rotate(4deg)}');
    expect(norm('.a{transform:rotate(4deg);-webkit-transform:rotate(3deg)}')).toBe('.a{transform:rotate(3deg)}');
    expect(norm('.a{-webkit-animation:fade 1s both}')).toBe('.a{animation:fade 1s both}');
    expect(norm('.a{word-wrap:break-word}')).toBe('.a{overflow-wrap:break-word}');
    expect(norm('.a{display:-webkit-flex;-webkit-justify-content:center}')).toBe('.a{display:flex;justify-content:center}');
  });

  it("reads an alias's legacy values as Chromium does, each measured sample by its rule", () => {
    expect(norm('.a{-webkit-background-size:40px;background-size:cover}')).toBe('.a{background-size:cover}');
    expect(norm('.a{-webkit-background-size:40px, cover}')).toBe('.a{background-size:40px 40px, cover}');
    expect(norm('.a{-webkit-border-radius:4px 8px}')).toBe('.a{border-radius:4px / 8px}');
    expect(norm('.a{-webkit-border-radius:4px}')).toBe('.a{border-radius:4px}');
    for (const [alias, samples] of Object.entries(CHROMIUM_CSS_ALIASES.valueDifferences)) {
      for (const s of samples) expect([alias, aliasValue(alias, s.value, samples)]).toEqual([alias, s.computed ?? s.means]);
    }
  });

  it('drops what Chromium drops: properties it does not know, values with a prefix it does not know', () => {
    expect(norm('.a{-ms-filter:"alpha(opacity=50)";-moz-osx-font-smoothing:grayscale;color:red}')).toBe('.a{color:red}');
    expect(norm('td{mso-padding-alt:0 0 0 0;mso-line-height-rule:exactly;padding:4px}')).toBe('td{padding:4px}');
    expect(norm('.a{webkit-text-size-adjust:100%;*zoom:1;_height:1px;-webkit-overflow-scrolling:touch;zoom:2}')).toBe('.a{zoom:2}');
    expect(CHROMIUM_CSS_ALIASES.properties).toEqual(expect.arrayContaining(['display', '-webkit-line-clamp', '-webkit-text-stroke', 'zoom']));
    expect(norm('.a{background:-moz-linear-gradient(red,blue);background:-o-linear-gradient(red,blue)}')).toBe('.a{}');
    expect(norm('.a{background:red;background:-moz-linear-gradient(red,blue)}')).toBe('.a{background:red}');
    // in a value that takes any name, a prefixed word is a name
    expect(norm('.a{transition:-moz-transform 1s;font-family:"-moz-x", -apple-system}')).toBe('.a{transition:-moz-transform 1s;font-family:"-moz-x", -apple-system}');
  });

  it('turns the -webkit-box line-clamp idiom into line-clamp on a block, and drops clamps Chromium does not draw', () => {
    const facts = CHROMIUM_CSS_ALIASES.webkitBox.lineClamp;
    // what the rule rests on, measured: only the idiom clamps, and `line-clamp` is not parsed
    expect(facts.idiom).toBeLessThan(facts.unclamped);
    expect([facts.idiomWithoutOrient, facts.idiomOnBlock]).toEqual([facts.unclamped, facts.unclamped]);
    expect(facts.standardLineClamp).toBeNull();
    expect(norm('.t{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}')).toBe('.t{display:block;overflow:hidden;line-clamp:2}');
    expect(norm('.t{display:-webkit-inline-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow-y:hidden}')).toBe('.t{display:inline-block;overflow-y:hidden;line-clamp:3}');
    // not the idiom: the legacy box stays (the gate refuses it), the clamp goes
    expect(norm('.t{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}')).toBe('.t{display:-webkit-box;-webkit-box-orient:vertical}');
    expect(norm('.t{display:-webkit-box;-webkit-line-clamp:2;overflow:hidden}')).toBe('.t{display:-webkit-box;overflow:hidden}');
    expect(norm('.t{-webkit-line-clamp:2;line-clamp:2;overflow:hidden}')).toBe('.t{overflow:hidden}');
  });

  it("drops the legacy box's layout properties where no -webkit-box is left (autoprefixer's flexbox output)", () => {
    const prefixed = '.f{display:-webkit-box;display:-ms-flexbox;display:flex;-webkit-box-orient:vertical;-webkit-box-direction:normal;-ms-flex-direction:column;flex-direction:column;-webkit-box-pack:center;-ms-flex-pack:center;justify-content:center;-webkit-box-align:center;-ms-flex-align:center;align-items:center}';
    expect(norm(prefixed)).toBe('.f{display:flex;flex-direction:column;justify-content:center;align-items:center}');
    expect(norm('.r{-webkit-box-reflect:below;-webkit-box-shadow:0 0 1px red}')).toBe('.r{-webkit-box-reflect:below;box-shadow:0 0 1px red}');
  });

  it('drops print-only rules, keeps what a screen matches', () => {
    expect(norm('@page{margin:0}@media print{.a{float:left}}@media only print and (orientation:landscape){.a{float:left}}.b{color:red}')).toBe('.b{color:red}');
    expect(norm('@media screen,print{.a{color:red}}')).toBe('@media screen,print{.a{color:red}}');
    expect(norm('@media (max-width:600px){.a{color:red}}@media not print{.b{color:red}}')).toBe('@media (max-width:600px){.a{color:red}}@media not print{.b{color:red}}');
    expect(norm('@media not screen{.a{color:red}}')).toBe('');
  });

  it('reads @-webkit-keyframes as @keyframes, under the unprefixed rule of the same name when there is one', () => {
    expect(norm('@-webkit-keyframes a{from{-webkit-transform:scale(0)}to{-webkit-transform:scale(1)}}')).toBe('@keyframes a{from{transform:scale(0)}to{transform:scale(1)}}');
    expect(norm('@keyframes a{to{opacity:1}}@-webkit-keyframes a{to{opacity:0}}')).toBe('@keyframes a{to{opacity:1}}');
  });

  it('leaves descriptors and custom properties as written', () => {
    const face = '@font-face{font-family:X;src:url(a.eot);src:url(a.woff2) format("woff2")}';
    expect(norm(face)).toBe(face);
    expect(norm('.a{--Brand-x:-moz-thing;--Brand-x:2}')).toBe('.a{--Brand-x:2}');
  });

  it('leaves nothing the allow-list of native properties could hold by another name', () => {
    // the gate judges normalised CSS: an alias or a dropped prefix in the list would never be looked up (line-clamp
    // only as what the -webkit-box idiom becomes)
    const unreachable = [...NATIVE_CSS_PROPERTIES].filter((p) => p !== 'line-clamp' && (p in CHROMIUM_CSS_ALIASES.aliases || norm(`a{${p}:x}`) !== `a{${p}:x}`));
    expect(unreachable).toEqual([]);
  });
});
