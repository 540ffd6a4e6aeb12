import sharp from 'sharp';
import { staticGate } from '@rp/engine-gate';
import { PARITY_THRESHOLD } from '@rp/workflow-safe';
import { measureParity } from './measure-parity';
import { measureVideoParity } from './measure-video-parity';
import { startParityEngines, type ParityEngines } from '../testing';

// Browser tier (`npm run build` first: the native engine's processes run from dist). CSS as Chromium reads it
// (normalizeCss) and the UA rules of the elements the native engine draws with Chromium's defaults
// (NATIVE_UA_ELEMENTS), each checked the way the parity check decides: the static gate passes the document, and
// Chromium's render of it as written and the native engine's render of it as normalised meet PARITY_THRESHOLD.
let e: ParityEngines;
beforeAll(async () => {
  e = await startParityEngines();
});
afterAll(() => e?.close());

// three lines at 300 px: a clamp to two shows
const TEXT = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.';
const BASE = 'body{margin:0;font:20px/1.4 Arial}';
const para = (css: string) => `<style>${BASE}p{width:300px;margin:20px;${css}}</style><p>${TEXT}</p>`;
const SVG = "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='10' height='10'%3E%3Crect width='5' height='5' fill='red'/%3E%3C/svg%3E\")";

async function parity(html: string) {
  expect(staticGate({ type: 'image', format: 'png', composition_html: html, placeholders: [] })).toBeNull();
  const version = { composition_html: html, width: 400, height: 300, placeholders: [], org_id: 'org-css' };
  const [s] = (await measureParity(e.images, version, { assets: e.assets, timeoutMs: 30_000 })).samples;
  // decoded, and not a blank page
  const stats = await sharp(s!.images.native.data, { raw: { width: 400, height: 300, channels: 4 } }).stats();
  expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(1);
  return { ssim: s!.figures.ssim, psnr: s!.figures.psnr ?? Infinity };
}

/** Both figures at or above the platform's parity threshold (the figures are in the failure message). */
const expectParity = (figures: { ssim: number; psnr: number }, what: string) => {
  expect({ what, ...figures, ssimMet: figures.ssim >= PARITY_THRESHOLD.ssim, psnrMet: figures.psnr >= PARITY_THRESHOLD.psnr }).toEqual({ what, ...figures, ssimMet: true, psnrMet: true });
};

describe('CSS as Chromium reads it, drawn by the native engine', () => {
  it.each([
    ['the -webkit-box line-clamp idiom', para('display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden')],
    ['the idiom on an inline box', `<style>${BASE}.c{width:300px;display:-webkit-inline-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}</style><div style="margin:20px">Before <span class="c">${TEXT}</span> after</div>`],
    ['a -webkit-line-clamp Chromium does not apply (no -webkit-box)', para('-webkit-line-clamp:2;overflow:hidden')],
    ['a line-clamp Chromium does not parse', para('line-clamp:2;overflow:hidden')],
    ["autoprefixer's flexbox", `<style>${BASE}.f{display:-webkit-box;display:-ms-flexbox;display:flex;-webkit-box-orient:vertical;-webkit-box-direction:normal;-ms-flex-direction:column;flex-direction:column;-webkit-box-pack:center;-ms-flex-pack:center;justify-content:center;-webkit-box-align:center;-ms-flex-align:center;align-items:center;height:200px;background:#eee}</style><div class="f"><span>one</span><span>two</span></div>`],
    ['prefixed aliases and their legacy values', `<style>${BASE}.a{width:120px;height:80px;margin:40px;background:${SVG};-webkit-background-size:20px;-webkit-filter:blur(1px);-webkit-transform:rotate(10deg);-webkit-border-radius:10px 30px;-webkit-box-shadow:4px 4px 0 #333}</style><div class="a"></div>`],
    ['print-only rules', `<style>${BASE}@page{size:A4;margin:2cm}@media print{.a{background:blue;float:left}}.a{width:100px;height:100px;background:red;margin:20px}</style><div class="a"></div>`],
    // Chromium drops the rule the stray `}` falls into, which runs through .b's block: .b stays unstyled, .c applies
    ['a stray `}` after a rule', `<style>${BASE}.a{width:100px;height:40px;background:red;margin:10px}\n  background:#000;\n}\n.b{width:300px;height:150px;background:blue}\n.c{width:100px;height:40px;background:green;margin:10px}</style><div class="a"></div><div class="b"></div><div class="c"></div>`],
    // Chromium here hyphenates nothing by `auto` (no dictionary): words break as `manual` breaks them, at the soft hyphen
    ['visibility, a light-first colour scheme, hyphens', `<style>${BASE}:root{color-scheme:light dark}.h{visibility:hidden;width:200px;height:60px;background:red;margin:10px}.v{visibility:visible;width:80px;height:30px;background:green}.y{width:90px;margin:10px;font-size:22px;hyphens:auto;-webkit-hyphens:auto}</style><div class="h"><div class="v"></div></div><p class="y" lang="en">Extraordinarily comprehensive inter\u00adnationalization</p>`],
    // initial values takumi does not read, in style attributes, where it fails the render on them
    ['initial values written as takumi reads them', `<style>${BASE}.f{display:flex;align-items:flex-end;height:120px;background:#fff none repeat scroll 0 0}</style><div class="f" style="letter-spacing:normal;word-spacing:normal"><div style="align-self:auto;translate:none;width:60px;height:30px;background:#c00"></div><p style="letter-spacing:normal;margin:0 10px">Spacing as usual</p></div>`],
    // values Chromium drops, in style attributes, where takumi fails the whole render on them: dropped alone
    ['values no engine reads, in style attributes', `<style>${BASE}p{margin:10px}</style><p style="font-weight:light;color:#0a6">Light</p><p style="font-style:bold;font-size:20pxl">Bold</p><div style="width:120px;height:30px;background:#c00;margin:0 auto auto auto auto;padding:1px 2px 3px 4px 5px"></div>`],
    // a declaration that is none is dropped alone, and a block the sheet leaves open is closed at its end
    ['declarations that are none, a block left open', `<style>${BASE}.a{width:100px;height:40px;background:red;!important;margin:10px}.b{width:200px;color blue;height:40px;background:green}@media screen{.b{background:#06c}</style><div class="a"></div><div class="b" style="margin:10px;!important;border:2px solid #000"></div>`],
    // every link unvisited and nothing hovered: takumi parses neither :link nor :visited and dropped the whole rule
    // (mailchimp's e-mails drew every link in the default blue)
    ['link and user-action states in a selector list', `<style>${BASE}.c a:link,.c a:visited,.c a .yshortcuts{color:#c30;font-size:32px;text-decoration:none}a:hover{color:#0a0}.c a:not(:active){font-weight:bold}</style><div class="c" style="margin:10px"><a href="#">A link</a><br><a>No href</a></div>`],
    // a <br> ends its line and opens none after it at the end of a block: takumi drew an empty line there
    // (postmark's lists of options, written `text<br /><br />`), and two for a lone <br>
    // margins do not apply to rows and cells (mailgun's `.aligncenter{margin:20px 0 0}` on a cell as on its headings)
    ['margins on cells and rows', `<style>${BASE}.a{margin:20px 0 0}td{background:#dde}</style><table cellpadding="0" cellspacing="0" width="300"><tr><td class="a">One</td><td style="margin:10px">two</td></tr><tr style="margin:10px"><td>next</td></tr></table>`],
    ['line breaks that end a block', `<style>${BASE}div,td{background:#dde}div{margin:0 0 4px}</style><div>Restart your trial - reply to this e-mail.<br><br>\n  </div><div><b>Share feedback<br></b></div><table><tr><td>Cell<br></td><td><br></td></tr></table><div>Text<br><p style="margin:0">para</p></div><p><br></p><div>next</div>`],
  ])('%s', async (what, html) => {
    expectParity(await parity(html), what);
  });
});

describe('min(), max() and clamp() computed on the canvas', () => {
  it('draws the lengths Chromium computes, in a stylesheet and in a style attribute', async () => {
    const body = `<style>.a{width:clamp(100px,30vw,500px);height:max(30px,5vh);background:#c00}.b{width:calc(50% - min(10px,1vw));height:30px;background:#06c}</style>
      <div class="a"></div><div class="b"></div><div style="width:min(300px,50vw);height:40px;margin-left:max(8px,2vmin);background:#0a6"></div>`;
    expectParity(await parity(`<style>${BASE}</style>${body}`), 'math functions');
  });

  it("computes rem at Chromium's 16 px where nothing sets the root's font size", async () => {
    // mailgun's transactional templates write the fallback chain in a style attribute
    const body = `<div style="font-size:16px;font-size:1rem;font-size:max(22px,1rem);margin:10px">Confirm your address</div>
      <div style="width:clamp(5rem,50vw,15rem);height:max(2rem,10px);background:#0a6"></div>`;
    expectParity(await parity(`<style>${BASE}</style>${body}`), 'rem in math functions');
  });
});

describe("elements drawn with Chromium's user-agent rules", () => {
  it.each([
    ['lists, nested, with their markers', '<ul><li>One<ul><li>Sub<ul><li>Subsub</li></ul></li></ul></li><li>Two</li></ul><ol><li>Three</li><li>Four</li></ol>'],
    ['lists styled by the author', '<style>ul{list-style:none;padding:0;margin:20px}li{margin:4px 0}ol{list-style-type:lower-alpha}li::marker{color:red}</style><ul><li>One<ul><li>Sub</li></ul></li></ul><ol><li>a</li><li>b</li></ol>'],
    ['a definition list', '<dl><dt>Term</dt><dd>Definition of the term</dd><dt>Two</dt><dd>More</dd></dl>'],
    ['center, its text and its blocks', '<center><p>Centred text</p><div style="width:100px;height:40px;background:#c00"></div><div><div style="width:60px;height:20px;background:#00c"></div></div></center>'],
    ['a button left to its theme', '<div style="padding:20px"><button>Button</button> <button>Click me now</button></div>'],
    ['links: the UA colour and underline, an author colour, no underline, an anchor without href', '<p style="font-size:20px;margin:20px">Read <a href="#">the guide</a> or <a>this anchor</a>. <a href="/x" style="color:#c00">Styled</a>, <a href="#" style="text-decoration:none">plain</a> and <a href="#"><b>bold</b> text</a>.</p>'],
    ['a button styled by the author', '<style>.b{padding:10px 20px;background:#0a6;color:#fff;border:0;border-radius:6px;font-size:18px}</style><div style="padding:20px"><button class="b">Styled</button> <button style="font-size:20px;font-family:inherit">Bigger</button></div>'],
    ['elements Chromium does not know, drawn as spans', '<style>unsubscribe{color:#c00;text-decoration:underline}x-badge{background:#fd0;padding:2px 6px}</style><p style="font-size:20px;margin:20px">Had enough? <unsubscribe>Unsubscribe here</unsubscribe> or keep the <x-badge>new</x-badge> offers<o:p></o:p> coming.</p><div style="margin:20px"><webversion>View it online</webversion></div>'],
  ])('%s', async (what, body) => {
    expectParity(await parity(`<style>${BASE}</style>${body}`), what);
  });
});

describe('a video over @-webkit-keyframes', () => {
  it('is read by the gate and drawn by the native engine as Chromium runs it', async () => {
    const html = `<style>@-webkit-keyframes slide{from{-webkit-transform:translateX(-100px)}to{-webkit-transform:translateX(220px)}}
      .bar{position:absolute;left:0;top:20px;width:100px;height:40px;background:#e00;-webkit-animation:slide 1s linear both}</style><div class="bar"></div>`;
    const v = { composition_html: html, width: 320, height: 180, placeholders: [], org_id: 'org-css', fps: 30, totalFrames: 30, transparent: false };
    expect(staticGate({ type: 'video', format: 'mp4', composition_html: html, placeholders: [] })).toBeNull();
    const { samples } = await measureVideoParity({ chromiumPool: e.pool, native: e.native }, v, { assets: e.assets, timeoutMs: 30_000 });
    // the middle of the slide is among the instants compared, and every instant meets the threshold
    expect(samples.map((s) => s.figures.sample)).toContain('t=500ms');
    for (const s of samples) expectParity({ ssim: s.figures.ssim, psnr: s.figures.psnr ?? Infinity }, s.figures.sample);
  });
});
