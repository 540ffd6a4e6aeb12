import fs from 'node:fs';
import { createSsrfGuard } from '@rp/net-guard';
import { NATIVE_FONT_TABLE, resolveFontFamilies } from '@rp/workflow-safe';
import { afterPaint, chromiumPath, drawnFamilies } from '@rp/render-worker/testing';
import { chromiumProcess, type LaunchedChromium } from '../../chromium/pool/chromium-process';
import { composeDocument } from '../../../compose-document';
import { createRequestGuard } from '../../../request-guard';
import { createNativeEngine, type NativeEngine } from './native-engine';

// Browser tier (`npm run build` first). Font resolution as a table: for common family lists, the face Chromium
// draws (CDP CSS.getPlatformFontsForNode on a real page) and the face the native engine draws (the shared resolver,
// packages/workflow-safe native-fonts.ts, whose pick the engine is shown to draw pixel for pixel) agree.
const LISTS: Array<[string, string]> = [
  ['Arial, Helvetica, sans-serif', 'Liberation Sans'],
  ['Helvetica', 'Liberation Sans'],
  ['"Helvetica Neue", Helvetica, Arial, sans-serif', 'Liberation Sans'],
  ['"Times New Roman", Times, serif', 'Liberation Serif'],
  ['Georgia, "Times New Roman", serif', 'Liberation Serif'],
  ['"Courier New", Courier, monospace', 'Liberation Mono'],
  ['Inter, "Open Sans", sans-serif', 'Liberation Sans'],
  ['Roboto', NATIVE_FONT_TABLE.default],
  ['-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif', 'Liberation Sans'],
  ['Verdana, Geneva, Tahoma, sans-serif', ''],
  ['"Comic Sans MS", cursive', ''],
  ['Impact, "Arial Black", sans-serif', ''],
  ['system-ui, sans-serif', ''],
  ['serif', ''],
  ['sans-serif', ''],
  ['monospace', ''],
  ['cursive', ''],
  ['fantasy', ''],
  ['"DejaVu Sans", sans-serif', 'DejaVu Sans'],
  ['"DejaVu Serif"', 'DejaVu Serif'],
  ['"Liberation Sans Narrow", Arial', 'Liberation Sans Narrow'],
  ['"Noto Color Emoji"', NATIVE_FONT_TABLE.default], // Latin text: the emoji face has no letters
];

let launched: LaunchedChromium;
let native: NativeEngine;
beforeAll(async () => {
  launched = await chromiumProcess.launch({ executablePath: chromiumPath() });
  native = createNativeEngine({ processes: 1 });
});
afterAll(async () => {
  await native.close();
  await chromiumProcess.close(launched.browser, 5_000);
  await chromiumProcess.removeProfile(launched.userDataDir, launched.browser, launched.owner);
});

const ssrfGuard = createSsrfGuard();
const resolveAsset = async () => null;
const assets = { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) };
const drawNative = async (family: string, text = 'Hamburgefonstiv Quiz 0123') => {
  const html = `<p style="margin:8px;font-size:40px;font-family:${family.replace(/"/g, "'")}">${text}</p>`;
  const document = composeDocument({ html, width: 700, height: 80, placeholders: [], modifications: [] });
  return (await native.render({ document, width: 700, height: 80, format: 'png', orgId: 'org-fonts', timeoutMs: 15_000, assets, thumbnailWidth: 0 })).image;
};

describe('font resolution', () => {
  it('Chromium and the shared resolver pick the same face for every list', async () => {
    const page = await launched.browser.newPage();
    const chromium = await drawnFamilies(page, LISTS.map(([l]) => l));
    const rows = LISTS.map(([list, expected], i) => ({ list, chromium: chromium[i], native: (resolveFontFamilies(list) as { family: string }).family, expected }));
    console.log(rows.map((r) => `${r.list} -> chromium ${r.chromium}, native ${r.native}`).join('\n'));
    for (const r of rows) {
      expect({ list: r.list, face: r.native }).toEqual({ list: r.list, face: r.chromium });
      if (r.expected) expect({ list: r.list, face: r.chromium }).toEqual({ list: r.list, face: r.expected });
    }
    await page.close();
  });

  it('the native engine draws the face the resolver picks, pixel for pixel', async () => {
    for (const [list] of LISTS.slice(0, 9)) {
      const face = (resolveFontFamilies(list) as { family: string }).family;
      expect({ list, same: (await drawNative(list)).equals(await drawNative(`'${face}'`)) }).toEqual({ list, same: true });
    }
    // and the comparison can fail: Arial is not drawn as Liberation Serif
    expect((await drawNative('Arial')).equals(await drawNative("'Liberation Serif'"))).toBe(false);
  });

  it('an @font-face family is drawn by both from its file; emoji from the emoji face', async () => {
    const page = await launched.browser.newPage();
    const data = fs.readFileSync(NATIVE_FONT_TABLE.faces['DejaVu Sans Mono']![0]!.file).toString('base64');
    await page.setContent(`<style>@font-face{font-family:Brand;src:url(data:font/ttf;base64,${data})}</style>`);
    await page.evaluate('document.fonts.load("16px Brand")');
    const cdp = await page.createCDPSession();
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    await cdp.send('CSS.enable');
    await page.evaluate(`document.body.insertAdjacentHTML('beforeend', '<p id="b" style="font-family:Brand, Arial">Brand text</p><p id="e" style="font-family:Arial">🎂🎉</p>')`);
    await afterPaint(page);
    const { root: r2 } = await cdp.send('DOM.getDocument', { depth: 0 });
    const fonts = async (sel: string) => (await cdp.send('CSS.getPlatformFontsForNode', { nodeId: (await cdp.send('DOM.querySelector', { nodeId: r2.nodeId, selector: sel })).nodeId })).fonts;
    expect(root.nodeId).toBeGreaterThan(0);
    expect((await fonts('#b'))[0]).toMatchObject({ isCustomFont: true });
    expect(resolveFontFamilies('Brand, Arial', new Set(['brand']))).toEqual({ kind: 'declared', family: 'Brand' });
    expect((await fonts('#e')).map((f) => f.familyName)).toEqual(['Noto Color Emoji']);
    await page.close();
  });
});
