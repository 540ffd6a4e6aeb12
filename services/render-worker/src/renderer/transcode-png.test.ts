import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { transcodePng } from './transcode-png';

const W = 97;
const H = 61;

/** Pixels with edges, a gradient and noise: every PNG filter has work on them. */
function pixelsOf(channels: 3 | 4): Buffer {
  const px = Buffer.alloc(W * H * channels);
  let seed = 7;
  for (let i = 0; i < px.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const x = Math.floor(i / channels) % W;
    px[i] = x < 40 ? (i * 13) % 256 : (seed >>> 24) & 0xff;
  }
  return px;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function chunk(kind: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(kind, 'latin1'), data]);
  let c = 0xffffffff;
  for (const b of body) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE((c ^ 0xffffffff) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A PNG of `px` written by hand, each row with the filter `filterOf(y)` (0-4), in IDATs of 1,000 bytes. */
function pngOf(px: Buffer, channels: 3 | 4, filterOf: (y: number) => number, extra: Buffer[] = []): Buffer {
  const stride = W * channels;
  const rows = Buffer.alloc(H * (stride + 1));
  for (let y = 0; y < H; y++) {
    const f = filterOf(y);
    rows[y * (stride + 1)] = f;
    for (let i = 0; i < stride; i++) {
      const x = px[y * stride + i]!;
      const a = i >= channels ? px[y * stride + i - channels]! : 0;
      const b = y > 0 ? px[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? px[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][f]!;
      rows[y * (stride + 1) + 1 + i] = (x - predictor) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  const idat = deflateSync(rows, { level: 1 });
  const idats = [];
  for (let at = 0; at < idat.length; at += 1000) idats.push(chunk('IDAT', idat.subarray(at, at + 1000)));
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), ...extra, ...idats, chunk('IEND', Buffer.alloc(0))]);
}

/** The thumbnail every test asks for, as encode-outputs.ts does. */
const THUMB = { width: 320, quality: 80 };

const decoded = async (png: Buffer) => sharp(png).raw().toBuffer({ resolveWithObject: true });

describe('transcodePng', () => {
  it.each([3, 4] as const)('undoes all five filters (%i channels) and writes a PNG of the same pixels', async (channels) => {
    const px = pixelsOf(channels);
    const input = pngOf(px, channels, (y) => y % 5);
    expect((await decoded(input)).data.equals(px)).toBe(true); // the hand-written PNG is what it claims to be
    const out = await transcodePng(input, 1, THUMB);
    expect(out).toMatchObject({ width: W, height: H, channels });
    const stored = await decoded(out!.png);
    expect(stored.info).toMatchObject({ width: W, height: H, channels, format: 'raw' });
    expect(stored.data.equals(px)).toBe(true);
    // never enlarged for its thumbnail
    expect(await sharp(out!.thumbnail).metadata()).toMatchObject({ format: 'jpeg', width: W, height: H });
    // at the quality asked for: on noise a lower quality is a smaller file
    const atQuality = async (quality: number) => (await transcodePng(input, 1, { width: 320, quality }))!.thumbnail.length;
    expect(await atQuality(30)).toBeLessThan(await atQuality(95));
  });

  it("writes Chromium's Up-filtered capture smaller, filter None, with the chunks libvips writes", async () => {
    const px = pixelsOf(3);
    px.fill(200, 0, W * 30 * 3); // a flat top half, as a card's background
    const input = pngOf(px, 3, () => 2);
    const out = await transcodePng(input, 6, THUMB);
    expect(out!.png.length).toBeLessThan(input.length);
    const kinds: string[] = [];
    for (let at = 8; at < out!.png.length; at += 12 + out!.png.readUInt32BE(at)) kinds.push(out!.png.toString('latin1', at + 4, at + 8));
    expect(kinds).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    expect((await sharp(out!.png).metadata()).density).toBe((await sharp(await sharp(px, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer()).metadata()).density);
  });

  it('answers null for a PNG it leaves to libvips: palette, 16-bit, interlaced, a colour profile', async () => {
    const raw = { raw: { width: W, height: H, channels: 3 as const } };
    const px = pixelsOf(3);
    await expect(transcodePng(await sharp(px, raw).png({ palette: true }).toBuffer(), 1, THUMB)).resolves.toBeNull();
    await expect(transcodePng(await sharp(px, raw).toColourspace('rgb16').png().toBuffer(), 1, THUMB)).resolves.toBeNull();
    await expect(transcodePng(await sharp(px, raw).png({ progressive: true }).toBuffer(), 1, THUMB)).resolves.toBeNull();
    const srgb = chunk('sRGB', Buffer.from([0]));
    await expect(transcodePng(pngOf(px, 3, () => 0, [srgb]), 1, THUMB)).resolves.toBeNull();
    await expect(transcodePng(Buffer.from('not a png'), 1, THUMB)).resolves.toBeNull();
  });

  it('rejects a corrupt IDAT and a filter type past 4', async () => {
    const good = pngOf(pixelsOf(3), 3, () => 1);
    const cut = Buffer.from(good);
    cut.fill(0x55, 60, 400); // inside the first IDAT's deflate stream
    await expect(transcodePng(cut, 1, THUMB)).rejects.toThrow(/inflate|IDAT/);
    const px = pixelsOf(3);
    await expect(transcodePng(pngOf(px, 3, (y) => (y === 5 ? 7 : 0)), 1, THUMB)).rejects.toThrow(/row 5 has filter type 7/);
  });

  it('scales the thumbnail as an area average, a transparent capture on white', async () => {
    // 300x200: black to x = 160, grey after, the bottom quarter transparent; thumbnailed to 30 px wide. Neutral
    // colours, because a JPEG decoder's chroma upsampling blends colours across any edge
    const [w, h] = [300, 200];
    const px = Buffer.alloc(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      const [x, y] = [i % w, Math.floor(i / w)];
      px.set(x < 160 ? [0, 0, 0] : [128, 128, 128], i * 4);
      px[i * 4 + 3] = y < 150 ? 255 : 0;
    }
    const input = await sharp(px, { raw: { width: w, height: h, channels: 4 } }).png().toBuffer();
    const out = await transcodePng(input, 1, { width: 30.4, quality: 80 });
    const thumb = await decoded(out!.thumbnail);
    expect(thumb.info).toMatchObject({ width: 30, height: 20, channels: 3 });
    const at = (x: number, y: number) => [...thumb.data.subarray((y * 30 + x) * 3, (y * 30 + x) * 3 + 3)];
    const near = (got: number[], want: number[]) => got.forEach((v, c) => expect(Math.abs(v - want[c]!)).toBeLessThan(8));
    near(at(3, 5), [0, 0, 0]);
    near(at(26, 5), [128, 128, 128]);
    near(at(3, 18), [255, 255, 255]); // transparent: white, not black
    // each output column covers 10 input columns, so the edge at 160 = 16 * 10 falls between two of them and neither
    // is a blend (16 is also a JPEG block edge, so the DCT does not ring across it)
    near(at(15, 5), [0, 0, 0]);
    near(at(16, 5), [128, 128, 128]);
  });
});
