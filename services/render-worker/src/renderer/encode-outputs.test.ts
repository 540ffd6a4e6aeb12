import sharp from 'sharp';
import { encodeOutputs } from './encode-outputs';

/** A 600x400 picture with sharp edges and a gradient: what a PNG must keep exactly. */
async function picture(channels: 3 | 4): Promise<Buffer> {
  const w = 600;
  const h = 400;
  const px = Buffer.alloc(w * h * channels);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * channels;
      px[i] = x < 300 ? 255 : Math.floor((x / w) * 255);
      px[i + 1] = y < 200 ? 0 : 200;
      px[i + 2] = (x + y) % 256;
      if (channels === 4) px[i + 3] = x < 100 ? 0 : 255;
    }
  }
  return sharp(px, { raw: { width: w, height: h, channels } }).png({ compressionLevel: 1 }).toBuffer();
}

const rawOf = async (b: Buffer) => sharp(b).raw().toBuffer({ resolveWithObject: true });

describe('encodeOutputs', () => {
  it('re-encodes a PNG losslessly and smaller, with a JPEG thumbnail of the asked width', async () => {
    const fast = await picture(3);
    const out = await encodeOutputs(fast, 'png', 320);
    const [a, b] = await Promise.all([rawOf(fast), rawOf(out.image)]);
    expect(b.info).toMatchObject({ width: 600, height: 400, channels: 3 });
    expect(b.data.equals(a.data)).toBe(true);
    expect(out.image.length).toBeLessThan(fast.length);
    expect(await sharp(out.thumbnail).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 213 });
  });

  it('encodes a PNG the codec leaves alone (a palette PNG) through libvips, losslessly', async () => {
    const palette = await sharp(await picture(3)).png({ palette: true, colours: 16 }).toBuffer();
    const out = await encodeOutputs(palette, 'png', 320);
    const [a, b] = await Promise.all([rawOf(palette), rawOf(out.image)]);
    expect(b.info).toMatchObject({ width: 600, height: 400, channels: 3 });
    expect(b.data.equals(a.data)).toBe(true);
    expect(await sharp(out.thumbnail).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 213 });
  });

  it('keeps the alpha channel of a transparent PNG and flattens only the thumbnail', async () => {
    const out = await encodeOutputs(await picture(4), 'png', 320);
    const img = await rawOf(out.image);
    expect(img.info.channels).toBe(4);
    expect(img.data[3]).toBe(0); // x=0 is transparent
    const thumb = await rawOf(out.thumbnail);
    expect(thumb.info.channels).toBe(3);
    // the transparent left edge shows as white, not black
    expect(Math.min(...thumb.data.subarray(0, 3))).toBeGreaterThan(240);
  });

  it('passes JPEG and WebP through untouched and never enlarges a small image for its thumbnail', async () => {
    const jpeg = await sharp(await picture(3)).resize({ width: 200 }).jpeg({ quality: 90 }).toBuffer();
    const out = await encodeOutputs(jpeg, 'jpeg', 320);
    expect(out.image).toBe(jpeg);
    expect(await sharp(out.thumbnail).metadata()).toMatchObject({ width: 200 });
  });

  it('scales the thumbnail of a JPEG or a transparent WebP from the encoded file, on white', async () => {
    const webp = await sharp(await picture(4)).webp({ quality: 90 }).toBuffer();
    const out = await encodeOutputs(webp, 'webp', 320);
    expect(out.image).toBe(webp);
    const thumb = await rawOf(out.thumbnail);
    expect(thumb.info).toMatchObject({ width: 320, height: 213, channels: 3 });
    // the transparent left edge shows as white, the opaque red half as red
    expect(Math.min(...thumb.data.subarray(0, 3))).toBeGreaterThan(240);
    const red = (100 * 320 + 100) * 3;
    expect(thumb.data[red]!).toBeGreaterThan(230);
    expect(thumb.data[red + 1]!).toBeLessThan(30);
    const jpeg = await encodeOutputs(await sharp(await picture(3)).jpeg({ quality: 90 }).toBuffer(), 'jpeg', 320);
    expect(await sharp(jpeg.thumbnail).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 213 });
  });
});
