import type { AudioMix } from './build-audio-args';
import { buildAudioProbeArgs } from './build-audio-args';
import { buildConcatArgs } from './build-concat-args';
import { buildSegmentEncodeArgs, type FfmpegArgs } from './build-ffmpeg-args';
import { buildGifArgs } from './build-gif-args';
import { buildRawSegmentArgs } from './build-raw-segment-args';
import { buildThumbnailArgs } from './build-thumbnail-args';
import { buildWebmSegmentArgs } from './build-webm-args';
import type { FrameInput } from './frame-input-options';

/** What ffmpeg must have for the platform's commands, by the list ffmpeg prints it in. */
export interface FfmpegNeeds {
  encoders: string[];
  decoders: string[];
  muxers: string[];
  demuxers: string[];
  filters: string[];
}

const FRAME_INPUTS: FrameInput[] = ['jpeg', 'png', 'rgba', 'yuv420p'];
const SIZE = { fps: 30, width: 64, height: 48 };
/** An odd size: padded to even before encoding. */
const ODD = { fps: 30, width: 63, height: 47 };
const audio = (codec: AudioMix['codec']): AudioMix => ({ path: 'audio.in', track: { url: 'asset://a', fade_in: 1, fade_out: 1, start_at: 1 }, durationSeconds: 5, codec });

/** One argument list of every shape the argument builders make: each frame input, size parity, codec, container and audio codec. */
function everyCommand(): FfmpegArgs[] {
  const concat = (container: 'mp4' | 'webm', mix?: AudioMix) => {
    const args = buildConcatArgs({ container, audio: mix });
    return { inputOptions: [...args.inputOptions, ...args.extraInputs.flatMap((i) => i.options)], outputOptions: args.outputOptions };
  };
  return [
    ...FRAME_INPUTS.map((frames) => buildSegmentEncodeArgs({ ...SIZE, frames })),
    ...FRAME_INPUTS.filter((f) => f !== 'yuv420p').flatMap((frames) => [true, false].map((alpha) => buildWebmSegmentArgs({ ...SIZE, frames, alpha }))),
    ...(['h264', 'vp9'] as const).flatMap((codec) => [SIZE, ODD].map((size) => buildRawSegmentArgs({ ...size, codec, alpha: codec === 'vp9' }))),
    concat('mp4'),
    concat('webm'),
    concat('mp4', audio('aac')),
    concat('webm', audio('opus')),
    buildGifArgs(),
    buildThumbnailArgs(1),
    buildAudioProbeArgs(),
  ];
}

/** The value after each of `flags` in `args`. */
const valuesOf = (args: string[], flags: string[]) => args.flatMap((a, i) => (flags.includes(a) && i + 1 < args.length ? [args[i + 1]!] : []));

/** The filters a graph names: `[in]name=args[out]` links, split on `;` and `,`. */
export const filtersOf = (graph: string) => graph.split(/[;,]/).map((link) => /^(?:\[[^\]]*\])*([a-z0-9_]+)/.exec(link)?.[1]).filter((f): f is string => Boolean(f));

/** What one command names: `-f` and `-c` before the input are a demuxer and a decoder, after it a muxer and an encoder. */
export function namedIn({ inputOptions, outputOptions }: FfmpegArgs): FfmpegNeeds {
  return {
    encoders: valuesOf(outputOptions, ['-c', '-c:v', '-c:a']).filter((c) => c !== 'copy'),
    decoders: valuesOf(inputOptions, ['-c', '-c:v', '-c:a']),
    muxers: valuesOf(outputOptions, ['-f']),
    demuxers: valuesOf(inputOptions, ['-f']),
    filters: valuesOf(outputOptions, ['-vf', '-af', '-filter_complex']).flatMap(filtersOf),
  };
}

function union(needs: FfmpegNeeds[]): FfmpegNeeds {
  const all = (key: keyof FfmpegNeeds) => [...new Set(needs.flatMap((n) => n[key]))].sort();
  return { encoders: all('encoders'), decoders: all('decoders'), muxers: all('muxers'), demuxers: all('demuxers'), filters: all('filters') };
}

/**
 * Everything the argument builders (build-*-args.ts) name, over every shape of command they make: what the worker
 * checks its ffmpeg for at start (warmFfmpeg). Read from the arguments themselves, so a builder that starts naming an
 * encoder, container or filter is checked for it.
 */
export const REQUIRED_FFMPEG: FfmpegNeeds = union(everyCommand().map(namedIn));
