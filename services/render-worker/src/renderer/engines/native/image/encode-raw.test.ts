import sharp from 'sharp';
import { encodeRaw, encodesFromRaw } from './encode-raw';

/** 4x2 RGBA: left half opaque red, right half half-transparent blue. */
function raw() {
  const data = new Uint8Array(4 * 2 * 4);
  for (let y = 0; y < 2; y++) {
    for (let x = 0; x < 4; x++) {
      const i = (y * 4 + x) * 4;
      data.set(x < 2 ? [255, 0, 0, 255] : [0, 0, 255, 128], i);
    }
  }
  return { data, width: 4, height: 2 };
}

const decode = async (image: Buffer) => {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
  return { info, at, meta: await sharp(image).metadata() };
};

describe('encodeRaw', () => {
  it('writes a transparent canvas as an RGBA PNG with the exact pixels', async () => {
    const { meta, at } = await decode(await encodeRaw(raw(), { format: 'png', quality: 90, transparent: true }));
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 4, 2, 4]);
    expect(at(0, 0)).toEqual([255, 0, 0, 255]);
    expect(at(3, 1)).toEqual([0, 0, 255, 128]);
  });

  it('writes an opaque canvas as an RGB PNG', async () => {
    const { meta, at } = await decode(await encodeRaw(raw(), { format: 'png', quality: 90, transparent: false }));
    expect(meta.channels).toBe(3);
    expect(at(1, 1)).toEqual([255, 0, 0, 255]);
  });

  it('writes JPEG at the quality asked, on white where the canvas is transparent', async () => {
    const { meta, at } = await decode(await encodeRaw(raw(), { format: 'jpeg', quality: 95, transparent: true }));
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 4, 2]);
    const [r, g, b] = at(0, 0);
    expect(r).toBeGreaterThan(230);
    expect(g! + b!).toBeLessThan(40);
  });

  it('writes an opaque canvas as JPEG with its own colours, with or without optimal Huffman tables', async () => {
    for (const optimiseCoding of [true, false]) {
      const { meta, at } = await decode(await encodeRaw(raw(), { format: 'jpeg', quality: 95, transparent: false, optimiseCoding }));
      expect([meta.format, meta.channels]).toEqual(['jpeg', 3]);
      const [r, g, b] = at(0, 0);
      expect(r).toBeGreaterThan(230);
      expect(g! + b!).toBeLessThan(40);
    }
  });

  it('refuses a buffer that is not width x height RGBA', async () => {
    await expect(encodeRaw({ data: new Uint8Array(7), width: 4, height: 2 }, { format: 'png', quality: 90, transparent: false })).rejects.toThrow(
      /expected 4x2x4/,
    );
  });

  it('leaves webp to takumi', () => {
    expect([encodesFromRaw('png'), encodesFromRaw('jpeg'), encodesFromRaw('webp')]).toEqual([true, true, false]);
  });
});
