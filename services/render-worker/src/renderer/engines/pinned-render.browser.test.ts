import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createSsrfGuard, type SsrfGuard } from '@rp/net-guard';
import { pinnedAssetKey, type PinnedResource } from '@rp/workflow-safe';
import { decodePng, diffPixels, solidPng } from '@rp/test-kit';
import { chromiumPath } from '../../testing';
import { createBrowserPool, type ManagedBrowserPool } from './chromium/pool/browser-pool';
import { composeDocument } from '../compose-document';
import { createPinnedResolver } from '../pinned-resolver';
import { createRequestGuard } from '../request-guard';
import type { RenderFailure } from '../types';
import { createChromiumEngine } from './chromium/capture/chromium-engine';
import type { EngineAssets, EngineRenderInput, ImageEngine } from './image-engine';
import { createNativeEngine, type NativeEngine } from './native/image/native-engine';

// Renders of a version with pinned resources, on both engines, with no server behind any URL and a guard that
// counts every network check: the pinned bytes are drawn and nothing goes to the network (docs/pinning.md).
// The native engine runs from dist: `npm run build` first.
const ORG = 'org-pinned';
const FONT = fs.readFileSync(path.join(__dirname, '../../../../../test/fixtures/fonts/LiberationMono-Regular.ttf'));
const BLUE = solidPng(8, 8, [0, 0, 255]);
const HOST = 'http://127.0.0.2:9';
const CSS = '@font-face { font-family: Pinned; src: url(fonts/mono.ttf); } .box { background: #ff0000; width: 60px; height: 40px; } p { font: 28px Pinned; margin: 0; }';

const entry = (url: string, kind: PinnedResource['kind'], body: Buffer, contentType: string): PinnedResource => {
  const sha256 = crypto.createHash('sha256').update(body).digest('hex');
  return { url, kind, status: 'pinned', asset_key: pinnedAssetKey(ORG, sha256), sha256, bytes: body.length, content_type: contentType, error: null, gate: null };
};
const manifest: PinnedResource[] = [
  entry(`${HOST}/theme.css`, 'stylesheet', Buffer.from(CSS), 'text/css'),
  entry(`${HOST}/fonts/mono.ttf`, 'font', FONT, 'font/ttf'),
  entry(`${HOST}/blue.png`, 'image', BLUE, 'image/png'),
  {
    url: `${HOST}/gone.png`, kind: 'image', status: 'unresolved', asset_key: null, sha256: null, bytes: null, content_type: null,
    error: { code: 'asset_unreachable', message: `${HOST}/gone.png: answered 404` }, gate: null,
  },
];
const objects = new Map(manifest.filter((r) => r.asset_key).map((r, i) => [r.asset_key!, [Buffer.from(CSS), FONT, BLUE][i]!]));

let networkChecks: string[] = [];
const public_ = createSsrfGuard();
/** Public addresses only (127.0.0.2 is refused), and every check is recorded. */
const countingGuard: SsrfGuard = { check: (url) => (networkChecks.push(url), public_.check(url)), isAllowedAddress: (a) => public_.isAllowedAddress(a) };
const FONT_ASSET = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
const BLUE_ASSET = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
/** The reference page's bytes, as uploaded assets (answered without the network on both engines). */
const resolveAsset = async (id: string) =>
  id === FONT_ASSET ? { contentType: 'font/ttf', body: FONT } : id === BLUE_ASSET ? { contentType: 'image/png', body: BLUE } : null;
const pinned = createPinnedResolver(manifest, async (key) => objects.get(key)!);
const assets: EngineAssets = { ssrfGuard: countingGuard, resolveAsset, pinned, guard: createRequestGuard({ ssrfGuard: countingGuard, resolveAsset, pinned }) };

const BODY = '<div class="box"></div><img src="http://127.0.0.2:9/blue.png" style="display:block;width:20px;height:20px"><p>Wi</p>';
const PINNED = `<link rel="stylesheet" href="${HOST}/theme.css">${BODY}`;
/** The same page with the stylesheet inline and the same bytes as uploaded assets: what the pinned render must equal. */
const INLINE = `<style>${CSS.replace('url(fonts/mono.ttf)', `url(asset://${FONT_ASSET})`)}</style>${BODY.replace(`${HOST}/blue.png`, `asset://${BLUE_ASSET}`)}`;

const input = (html: string): EngineRenderInput => ({
  document: composeDocument({ html, width: 160, height: 120, placeholders: [], modifications: [] }),
  width: 160, height: 120, format: 'png', orgId: ORG, timeoutMs: 15_000, assets,
});

let pool: ManagedBrowserPool;
let native: NativeEngine;
const engines: Record<string, () => ImageEngine> = { chromium: () => createChromiumEngine(pool), native: () => native };
beforeAll(async () => {
  pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 50, ssrfGuard: public_ });
  native = createNativeEngine({ processes: 1 });
});
afterAll(async () => {
  await pool?.close();
  await native?.close();
});
beforeEach(() => (networkChecks = []));

describe.each(['chromium', 'native'])('a version with pinned resources on %s', (name) => {
  it('draws the pinned stylesheet, font and image, equal to the same page inline, without a network request', async () => {
    const engine = engines[name]!();
    const out = decodePng((await engine.render(input(PINNED))).image);
    expect(networkChecks).toEqual([]);
    expect(out.pixel(10, 10).slice(0, 3)).toEqual([255, 0, 0]);
    expect(out.pixel(5, 45).slice(0, 3)).toEqual([0, 0, 255]);
    const reference = decodePng((await engine.render(input(INLINE))).image);
    expect(diffPixels(out, reference, 0)).toBe(0);
    // and the pinned face is the one drawn: without it the text falls back to another face
    const fallback = decodePng((await engine.render(input(INLINE.replace(/@font-face[^}]*\}/, '').replace('font: 28px Pinned', 'font: 28px serif')))).image);
    expect(diffPixels(out, fallback, 0)).toBeGreaterThan(50);
  });

  it('fails at once for a resource recorded unresolved at save, with its code and error, fetching nothing', async () => {
    const err = await engines[name]!().render(input(`${PINNED}<img src="${HOST}/gone.png">`)).then(() => null, (e: RenderFailure) => e);
    expect(err).toMatchObject({ code: 'asset_unreachable', message: expect.stringContaining(`image ${HOST}/gone.png could not be pinned when this version was saved (${HOST}/gone.png: answered 404)`) });
    expect(networkChecks).toEqual([]);
  });
});
