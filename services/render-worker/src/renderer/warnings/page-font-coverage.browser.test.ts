import { createSsrfGuard } from '@rp/net-guard';
import { decodePng, inkIn, PRIVATE_USE_CHAR, privateUseFont } from '@rp/test-kit';
import { chromiumPath } from '../../testing';
import { createBrowserPool, type ManagedBrowserPool } from '../engines/chromium/pool/browser-pool';
import { composeDocument } from '../compose-document';
import { captureImage } from '../engines/chromium/capture/capture-image';
import { createRequestGuard } from '../request-guard';
import { placeholderKinds } from './collect-warnings';

// Browser tier: Chromium renders a text placeholder whose only font for U+E000 is an @font-face upload.
const FONT_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const ssrfGuard = createSsrfGuard();
const guard = createRequestGuard({ ssrfGuard, resolveAsset: async (id) => (id === FONT_ID ? { contentType: 'font/ttf', body: privateUseFont() } : null) });
const placeholders = [{ name: 'name', type: 'text' as const }];
const box = 'position:absolute;left:0;top:0;width:200px;height:60px;font-size:40px';

let pool: ManagedBrowserPool;
beforeAll(async () => {
  pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 50, ssrfGuard });
});
afterAll(() => pool?.close());

async function render(html: string, text: string) {
  const modifications = [{ name: 'name', text }];
  const document = composeDocument({ html, width: 200, height: 60, placeholders, modifications });
  const out = await captureImage(pool, {
    document, width: 200, height: 60, format: 'png', timeoutMs: 10_000, guard, orgId: 'org-a', warnFor: placeholderKinds(placeholders, modifications),
  });
  return { codes: (out.warnings ?? []).map((w) => `${w.code}:${w.placeholder}`), png: decodePng(out.image) };
}

describe('glyph coverage of @font-face fonts (Chromium)', () => {
  it('counts an uploaded font: a character only it has is drawn and not reported', async () => {
    const plain = await render(`<div data-placeholder="name" style="${box}">x</div>`, `A${PRIVATE_USE_CHAR}`);
    expect(plain.codes).toEqual(['glyph_missing:name']);
    const html = `<style>@font-face{font-family:Brand;src:url(asset://${FONT_ID})}</style><div data-placeholder="name" style="${box};font-family:Brand">x</div>`;
    const branded = await render(html, `A${PRIVATE_USE_CHAR}`);
    expect(branded.codes).toEqual([]);
    // the fi ligature glyph the font maps U+E000 to is drawn right of the A
    expect(inkIn(branded.png, { x: 26, y: 0, w: 60, h: 60 }, [255, 255, 255])).toBeGreaterThan(30);
  });
});
