import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import { decodePng, withTempFile, type DecodedPng } from '@rp/test-kit';

const run = promisify(execFile);
const bin = { encoding: 'buffer' as const, maxBuffer: 512 * 1024 * 1024 };

/** Frame n of a video as RGBA (VP9 alpha needs the libvpx decoder: ffmpeg's native one drops the alpha plane). */
export async function decodeFrameRgba(file: string, n: number, opts: { vp9Alpha?: boolean } = {}): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', [
    '-v', 'error', ...(opts.vp9Alpha ? ['-c:v', 'libvpx-vp9'] : []), '-i', file,
    '-vf', `select=eq(n\\,${n})`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-',
  ], bin);
  return stdout;
}

/** The pixel format ffmpeg decodes the first video stream to (libvpx for VP9, so alpha shows as yuva420p). */
export async function decodedPixelFormat(file: string): Promise<string> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-c:v', 'libvpx-vp9', '-i', file, '-frames:v', '1', '-f', 'null', '-']);
  return /Stream #0:0.*?Video: vp9[^,]*, (\w+)/.exec(stderr)?.[1] ?? '';
}

export interface AudioStreamInfo {
  codec: string;
  /** Seconds of audio actually decoded (samples / rate), independent of container duration fields. */
  decodedSeconds: number;
}

export async function probeAudio(file: string): Promise<AudioStreamInfo | null> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name', '-of', 'json', file]);
  const s = JSON.parse(stdout).streams?.[0];
  if (!s) return null;
  const pcm = await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', '48000', '-f', 's16le', '-'], bin);
  return { codec: s.codec_name, decodedSeconds: pcm.stdout.length / 2 / 48000 };
}

/** Mean level in dBFS (ffmpeg volumedetect) of the audio between two instants; -91 is digital silence. */
export async function meanVolumeDb(file: string, from: number, to: number): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-i', file, '-map', '0:a:0', '-af', `atrim=${from}:${to},volumedetect`, '-f', 'null', '-']);
  const m = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  return !m || m[1] === '-inf' ? -Infinity : Number(m[1]);
}

/** A sine tone encoded by ffmpeg into the given container (wav, mp3, ogg, m4a). */
export async function toneFile(ext: 'wav' | 'mp3' | 'ogg' | 'm4a', seconds: number, hz = 440): Promise<Buffer> {
  const dir = await fs.mkdtemp('/tmp/rp-tone-');
  try {
    const out = path.join(dir, `tone.${ext}`);
    const codec = { wav: ['-c:a', 'pcm_s16le'], mp3: ['-c:a', 'libmp3lame'], ogg: ['-c:a', 'libvorbis'], m4a: ['-c:a', 'aac', '-f', 'ipod'] }[ext];
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}`, '-ar', '44100', ...codec, out]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export interface PdfFacts {
  text: string;
  pages: number;
  /** Page size in points, as pdfinfo reports it. */
  widthPt: number;
  heightPt: number;
  /** The first page rasterised at 72 dpi (1 pt = 1 px). */
  page: DecodedPng;
}

/** Reads a PDF with poppler: pdftotext, pdfinfo, pdftoppm. */
export async function readPdf(bytes: Buffer): Promise<PdfFacts> {
  return withTempFile(bytes, 'pdf', async (file) => {
    const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
    const info = (await run('pdfinfo', [file])).stdout;
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
    const png = await run('pdftoppm', ['-png', '-r', '72', '-singlefile', file], bin);
    return { text, pages, widthPt: Number(size?.[1]), heightPt: Number(size?.[2]), page: decodePng(png.stdout) };
  });
}
