import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';

export interface ProbeResult {
  codec: string;
  pixFmt: string;
  width: number;
  height: number;
  frames: number;
  duration: number;
}

export function ffprobe(path: string): ProbeResult {
  const out = execFileSync('ffprobe', [
    '-v', 'error', '-count_frames', '-select_streams', 'v:0',
    '-show_entries', 'stream=codec_name,pix_fmt,width,height,nb_read_frames:format=duration',
    '-of', 'json', path,
  ]).toString();
  const j = JSON.parse(out);
  const s = j.streams[0];
  return {
    codec: s.codec_name,
    pixFmt: s.pix_fmt,
    width: s.width,
    height: s.height,
    frames: Number(s.nb_read_frames),
    duration: Number(j.format.duration),
  };
}

/** Decoded frames as rgb24 buffers (width*height*3 each). */
export function decodeFrames(path: string, width: number, height: number): Buffer[] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    maxBuffer: 1024 * 1024 * 1024,
  });
  const size = width * height * 3;
  const frames: Buffer[] = [];
  for (let off = 0; off + size <= raw.length; off += size) frames.push(raw.subarray(off, off + size));
  return frames;
}

/** Decodes one JPEG to rgb24 through ffmpeg (pngjs reads the PNG it produces). */
export function decodeJpeg(jpeg: Buffer): { width: number; height: number; rgb: Buffer } {
  const png = PNG.sync.read(execFileSync('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-f', 'image2pipe', '-c:v', 'png', '-'], { input: jpeg }));
  const rgb = Buffer.alloc(png.width * png.height * 3);
  for (let i = 0, j = 0; i < png.data.length; i += 4, j += 3) {
    rgb[j] = png.data[i];
    rgb[j + 1] = png.data[i + 1];
    rgb[j + 2] = png.data[i + 2];
  }
  return { width: png.width, height: png.height, rgb };
}

/** Left edge of the dark box on the middle row (mean of the dark run's edges, sub-pixel tolerant of blur). */
export function measureBoxX(rgb: Buffer, width: number, height: number): number {
  const y = Math.floor(height / 2);
  let first = -1;
  let last = -1;
  for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 3;
    const lum = (rgb[i] + rgb[i + 1] + rgb[i + 2]) / 3;
    if (lum < 128) {
      if (first < 0) first = x;
      last = x;
    }
  }
  if (first < 0) throw new Error('box not found');
  return first + (last - first + 1) / 2; // centre; callers subtract half the box
}

/** Mean absolute difference per channel between two rgb buffers. */
export function meanAbsDiff(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) throw new Error('size mismatch');
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** Top-level MP4 atoms in file order (faststart: moov before mdat). */
export function mp4TopLevelAtoms(path: string): string[] {
  const buf = readFileSync(path);
  const atoms: string[] = [];
  for (let off = 0; off + 8 <= buf.length; ) {
    let size = buf.readUInt32BE(off);
    const type = buf.toString('latin1', off + 4, off + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(off + 8));
    if (size === 0) size = buf.length - off;
    atoms.push(type);
    off += size;
  }
  return atoms;
}
