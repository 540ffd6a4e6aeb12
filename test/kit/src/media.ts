import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const run = promisify(execFile);

export interface ProbeResult {
  codec: string;
  pixFmt: string;
  width: number;
  height: number;
  frames: number;
  duration: number;
  fps: number;
  /** moov atom before mdat: playable while downloading */
  faststart: boolean;
}

export async function withTempFile<T>(bytes: Buffer, ext: string, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rp-test-'));
  try {
    const file = path.join(dir, `media.${ext}`);
    await fs.writeFile(file, bytes);
    return await fn(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function probeVideo(file: string): Promise<ProbeResult> {
  const { stdout } = await run('ffprobe', [
    '-v', 'error', '-count_frames', '-select_streams', 'v:0',
    '-show_entries', 'stream=codec_name,pix_fmt,width,height,nb_read_frames,r_frame_rate:format=duration',
    '-of', 'json', file,
  ]);
  const j = JSON.parse(stdout);
  const s = j.streams[0];
  const [num, den] = String(s.r_frame_rate).split('/').map(Number);
  const head = (await fs.readFile(file)).subarray(0, 4096).toString('latin1');
  const moov = head.indexOf('moov');
  const mdat = head.indexOf('mdat');
  return {
    codec: s.codec_name,
    pixFmt: s.pix_fmt,
    width: s.width,
    height: s.height,
    frames: Number(s.nb_read_frames),
    duration: Number(j.format.duration),
    fps: num! / (den || 1),
    faststart: moov >= 0 && (mdat < 0 || moov < mdat),
  };
}

/** Every frame decoded to raw RGB24 buffers (small test videos only). */
export async function decodeFrames(file: string, width: number, height: number): Promise<Buffer[]> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    encoding: 'buffer',
    maxBuffer: 1024 * 1024 * 1024,
  });
  const size = width * height * 3;
  const frames: Buffer[] = [];
  for (let off = 0; off + size <= stdout.length; off += size) frames.push(stdout.subarray(off, off + size));
  return frames;
}

/** Left edge of the dark box on row y: the first pixel darker than the threshold. */
export function darkLeftEdge(frame: Buffer, width: number, y: number, threshold = 100): number {
  for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 3;
    if (frame[i]! < threshold && frame[i + 1]! < threshold && frame[i + 2]! < threshold) return x;
  }
  return -1;
}

/** Largest absolute difference of any byte between two frames (0 = identical). */
export function maxAbsDiff(a: Buffer, b: Buffer): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

/**
 * An ffmpeg behind a wrapper script in `dir` that keeps a copy of its stdin beside the output (`<output>.rgba`, the
 * output's `.partial` dropped): the exact raw frames an engine process fed it, to compare byte for byte (encoded
 * files differ by GOP position). Answers the script's path, to pass as `ffmpegPath`.
 */
export function teeingFfmpeg(dir: string): string {
  const script = path.join(dir, 'ffmpeg-tee.sh');
  writeFileSync(script, '#!/bin/bash\nout="${@: -1}"\ntee "${out%.partial}.rgba" | exec ffmpeg "$@"\n', { mode: 0o755 });
  return script;
}

/** Mean absolute difference per channel between two frames (0 = identical). */
export function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
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

/**
 * The video fixture of the render tests: a BOXxBOX box sweeping linearly from x=0 to x=W-BOX over 5 s by CSS
 * animation, on a white page, so its x tells which instant a frame shows. `color`/`page` vary it (overlays).
 */
export const SWEEP = { W: 320, H: 180, BOX: 40 } as const;
export function sweepHtml(color = '#000', page = 'background:#fff'): string {
  const { W, H, BOX } = SWEEP;
  return `<style>body{${page}}#box{position:absolute;left:0;top:${(H - BOX) / 2}px;width:${BOX}px;height:${BOX}px;background:${color};animation:sweep 5s linear forwards}
@keyframes sweep{from{transform:translateX(0)}to{transform:translateX(${W - BOX}px)}}</style><div id="box"></div>`;
}
export const sweepX = (t: number) => ((SWEEP.W - SWEEP.BOX) * Math.min(t, 5)) / 5;
