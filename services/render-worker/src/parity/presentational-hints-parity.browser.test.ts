import { staticGate } from '@rp/engine-gate';
import { PARITY_THRESHOLD } from '@rp/workflow-safe';
import { measureParity } from './measure-parity';
import { startParityEngines, type ParityEngines } from '../testing';

// Browser tier (`npm run build` first: the native engine's processes run from dist). The presentational attributes
// of tables, rows and cells, which Chromium maps to CSS and takumi ignores (presentational-hints.ts), as e-mail
// templates write them, and an inline <svg>'s width and height; checked the way the parity check decides.
let e: ParityEngines;
beforeAll(async () => {
  e = await startParityEngines();
});
afterAll(() => e?.close());

const BASE = '<style>body{margin:0;font:16px Arial;background:#f8fafc}</style>';
const CELL = 'style="background:#fff;border:1px solid #333"';

describe('presentational attributes of tables and inline SVG on the native engine', () => {
  it.each([
    ["an e-mail's layout table: width, align=center, cellpadding and cellspacing 0", `${BASE}<table width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="padding:20px 0"><table align="center" width="300" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff"><tr><td ${CELL}>Sign in code</td><td ${CELL}>482913</td></tr></table></td></tr></table>`],
    ['cells and rows: bgcolor, width, height and align', `${BASE}<table cellspacing="4" cellpadding="6"><tr bgcolor="#dde"><td width="120" height="60" align="right" bgcolor="#c33">one</td><td width="200" align="center">two</td></tr></table>`],
    ['an author rule outranks the hint', `${BASE}<style>table.t{width:200px}td{padding:10px}</style><table class="t" width="100%" cellpadding="0" bgcolor="#cde"><tr><td>cell</td><td>cell</td></tr></table>`],
    // body's bgcolor paints the whole canvas, under a table shorter than it (takumi painted body's box only, if at all)
    ["body's bgcolor and text under a short table", `<body bgcolor="#dfe6ee" text="#7a2000"><style>body{margin:0;font:16px Arial}</style><table width="300" align="center" bgcolor="#ffffff" cellpadding="10"><tr><td>A short e-mail</td></tr></table></body>`],
    // a table does not inherit the legacy centring of an aligned cell or <center> (Chromium resets it to start):
    // takumi centred every nested paragraph
    ['a table inside an aligned cell, its text at the left', `${BASE}<table width="100%"><tr><td align="center"><table width="360"><tr><td><p style="margin:4px">Please confirm your address.</p><p style="margin:4px">Thanks, the team</p></td></tr></table></td></tr></table>`],
    ['an e-mail wrapped in <center>: its table centred, the text in it at the left, a block centred', `${BASE}<center><table width="360"><tr><td><p style="margin:4px">Please confirm your address.</p></td></tr></table><div style="width:200px;height:20px;background:#c00"></div></center>`],
    // `align` on a div or p is a legacy alignment too (it places blocks and stops at tables), on a heading a plain one
    ['align on blocks and headings', `${BASE}<h3 align="center" style="margin:4px">Your receipt</h3><div align="right"><p style="margin:4px">Paid in full</p><div style="width:120px;height:16px;background:#c00"></div><table width="200"><tr><td>Total 42</td></tr></table></div><p align="center" style="margin:4px">Thanks!</p>`],
    // a box its own style makes a block is placed too (sendwithus's logos: <td align="center"><a><img style="display:block">)
    ['a block image in a link in an aligned cell', `${BASE}<table width="100%"><tr><td align="center"><a href="#"><img src="${'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#c33"/></svg>')}" width="120" height="60" style="display:block;border:0"></a><p style="margin:4px">Welcome</p></td></tr></table>`],
    // valign outranks the UA sheet's vertical-align of cells and rows, as a hint does in Chromium (mailchimp's e-mails
    // put every cell of a full-height table at the top)
    ['valign on a row and its cells', `${BASE}<table width="100%" cellpadding="4"><tr valign="bottom"><td height="150" valign="top" ${CELL}>Top</td><td ${CELL}>Bottom, as its row</td><td valign="middle" ${CELL}>Middle</td></tr></table>`],
    // a cell's height is a least height: the row grows to its content (takumi kept the height and let the text overflow)
    ['a cell shorter than its content', `${BASE}<table cellpadding="0" cellspacing="0"><tr><td height="30" style="font-size:24px;line-height:36px;background:#dde">A heading<br>on two lines</td><td height="60" valign="bottom" ${CELL}>x</td></tr><tr><td ${CELL}>next row</td></tr></table>`],
    // takumi left an inline <svg>'s width and height to resvg, which drew this icon at 2.5 times the size (SSIM 0.83)
    ["an inline <svg>'s width and height in rem, beside text in a flex row", `${BASE}<div style="display:flex;align-items:center;gap:16px;font-size:40px"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="4rem" height="4rem"><circle cx="5" cy="5" r="5" fill="#c33"/></svg>My Site</div>`],
  ])('%s', async (what, html) => {
    expect(staticGate({ type: 'image', format: 'png', composition_html: html, placeholders: [] })).toBeNull();
    const version = { composition_html: html, width: 400, height: 200, placeholders: [], org_id: 'org-hints' };
    const [s] = (await measureParity(e.images, version, { assets: e.assets, timeoutMs: 30_000 })).samples;
    for (const img of [s!.images.chromium, s!.images.native]) expect(img.data.some((v, i) => i % 4 !== 3 && v < 128)).toBe(true);
    const figures = { ssim: s!.figures.ssim, psnr: s!.figures.psnr ?? Infinity };
    expect({ what, ...figures, met: figures.ssim >= PARITY_THRESHOLD.ssim && figures.psnr >= PARITY_THRESHOLD.psnr }).toEqual({ what, ...figures, met: true });
  });
});
