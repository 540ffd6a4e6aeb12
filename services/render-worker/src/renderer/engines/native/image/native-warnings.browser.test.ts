import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Modification } from '@rp/workflow-safe';
import { createSsrfGuard } from '@rp/net-guard';
import { PRIVATE_USE_CHAR, privateUseFont } from '@rp/test-kit';
import { composeDocument } from '../../../compose-document';
import { createRequestGuard } from '../../../request-guard';
import { placeholderKinds } from '../../../warnings/collect-warnings';
import { createNativeEngine, type NativeEngine } from './native-engine';

// Browser tier: engine processes from dist (`npm run build` first) and the fonts scripts/setup.sh installs.
const SMALL = '00000000-0000-4000-8000-000000000050';
const BIG = '00000000-0000-4000-8000-000000000200';
const FONT = '00000000-0000-4000-8000-0000000000f0';
const files = new Map<string, Buffer>();
const ssrfGuard = createSsrfGuard();
const resolveAsset = async (id: string) => (files.has(id) ? { contentType: 'application/octet-stream', body: files.get(id)! } : null);
const assets = { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) };

const HTML = `<div data-placeholder="name" style="position:absolute;left:10px;top:10px;width:200px;height:40px;font-size:30px;white-space:nowrap">x</div>
<img data-placeholder="photo" style="position:absolute;left:10px;top:60px;width:200px;height:200px">`;
const placeholders = [
  { name: 'name', type: 'text' as const },
  { name: 'photo', type: 'image' as const },
];

let engine: NativeEngine;
beforeAll(async () => {
  engine = createNativeEngine({ processes: 1 });
  files.set(SMALL, await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ff0000' } }).png().toBuffer());
  files.set(BIG, await sharp({ create: { width: 200, height: 200, channels: 3, background: '#0000ff' } }).png().toBuffer());
  files.set(FONT, privateUseFont());
});
afterAll(() => engine.close());

async function render(modifications: Modification[], html = HTML) {
  const document = composeDocument({ html, width: 240, height: 280, placeholders, modifications });
  const out = await engine.render({
    document, width: 240, height: 280, format: 'png', orgId: 'org-a', timeoutMs: 15_000, assets,
    warnFor: placeholderKinds(placeholders, modifications),
  });
  const { data, info } = await sharp(out.image).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
  return { out, codes: (out.warnings ?? []).map((w) => `${w.code}:${w.placeholder}`), pixel, size: [info.width, info.height] };
}

describe('native engine warnings', () => {
  it('says nothing about a name that fits and a photo drawn at its size', async () => {
    const { out, codes, pixel, size } = await render([{ name: 'name', text: 'Ada' }, { name: 'photo', image_url: `asset://${BIG}` }]);
    expect(size).toEqual([240, 280]);
    expect(codes).toEqual([]);
    expect(pixel(110, 160)).toEqual([0, 0, 255]);
    expect(out.fetchedAssets).toEqual([{ url: expect.stringContaining(BIG), sha256: crypto.createHash('sha256').update(files.get(BIG)!).digest('hex') }]);
  });

  it('reports an overflowing name, a missing photo and a small photo blown up', async () => {
    const long = await render([{ name: 'name', text: 'Ada Augusta King, Countess of Lovelace' }, { name: 'photo', image_url: `asset://${BIG}` }]);
    expect(long.codes).toEqual(['text_overflow:name']);
    expect(long.out.warnings![0]!.message).toContain('Ada Augusta');
    const missing = await render([{ name: 'name', text: 'Ada' }]);
    expect(missing.codes).toEqual(['image_missing:photo']);
    expect(missing.out.fetchedAssets).toEqual([]);
    const small = await render([{ name: 'name', text: 'Ada' }, { name: 'photo', image_url: `asset://${SMALL}` }]);
    expect(small.codes).toEqual(['image_upscaled:photo']);
    expect(small.out.warnings![0]!.message).toContain('50x50 px is drawn at 4.0x');
    expect(small.pixel(110, 160)).toEqual([255, 0, 0]);
  });

  it('names characters no registered face has, and counts an @font-face font among the faces', async () => {
    const { codes, out } = await render([{ name: 'name', text: 'Ada \u{10000}' }, { name: 'photo', image_url: `asset://${BIG}` }]);
    expect(codes).toEqual(['glyph_missing:name']);
    expect(out.warnings![0]!.message).toContain('U+10000');
    const covered = await render([{ name: 'name', text: 'Şükrü 🎂' }, { name: 'photo', image_url: `asset://${BIG}` }]);
    expect(covered.codes).toEqual([]);
    const withFont = `<style>@font-face{font-family:Brand;src:url(asset://${FONT})}</style>${HTML.replace('font-size:30px', "font-size:30px;font-family:Brand")}`;
    // U+E000: only the uploaded font has it
    const plain = await render([{ name: 'name', text: `Ada ${PRIVATE_USE_CHAR}` }, { name: 'photo', image_url: `asset://${BIG}` }]);
    expect(plain.codes).toEqual(['glyph_missing:name']);
    const branded = await render([{ name: 'name', text: `Ada ${PRIVATE_USE_CHAR}` }, { name: 'photo', image_url: `asset://${BIG}` }], withFont);
    expect(branded.codes).toEqual([]);
    expect(branded.out.fetchedAssets!.map((a) => a.url)).toEqual(expect.arrayContaining([expect.stringContaining(FONT)]));
  });
});
