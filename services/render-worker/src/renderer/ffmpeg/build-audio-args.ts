import type { AudioTrack } from '@rp/workflow-safe';
import type { FfmpegArgs } from './build-ffmpeg-args';

/** What the final join needs to lay an audio track under the video. */
export interface AudioMix {
  /** Local audio file (any format ffmpeg decodes). */
  path: string;
  track: AudioTrack;
  /** The video's duration: the track is cut or padded to exactly this. */
  durationSeconds: number;
  codec: 'aac' | 'opus';
}

const num = (n: number) => String(Math.round(n * 1000) / 1000);

/** Input options of the audio file: loop it forever when asked (the filter cuts it at the video's end). */
export function audioInputOptions(track: AudioTrack): string[] {
  return track.loop ? ['-stream_loop', '-1'] : [];
}

/**
 * Filter graph for input 1 -> [a]: 48 kHz stereo, cut to the time left after start_at, gain, fade in, delayed to
 * start_at (silence before), padded with silence and cut to the video duration, faded out at the video's end.
 */
export function buildAudioFilter(track: AudioTrack, durationSeconds: number): string {
  if (!(durationSeconds > 0)) throw new Error(`duration must be > 0, got ${durationSeconds}`);
  const start = track.start_at ?? 0;
  if (start < 0 || start >= durationSeconds) throw new Error(`start_at ${start} is outside the video (${durationSeconds}s)`);
  const window = durationSeconds - start;
  const parts = ['aresample=48000', 'aformat=channel_layouts=stereo', `atrim=0:${num(window)}`, 'asetpts=PTS-STARTPTS', `volume=${num(track.volume ?? 1)}`];
  const fadeIn = Math.min(track.fade_in ?? 0, window);
  if (fadeIn > 0) parts.push(`afade=t=in:st=0:d=${num(fadeIn)}`);
  if (start > 0) parts.push(`adelay=${Math.round(start * 1000)}:all=1`);
  parts.push('apad', `atrim=0:${num(durationSeconds)}`);
  const fadeOut = Math.min(track.fade_out ?? 0, durationSeconds);
  if (fadeOut > 0) parts.push(`afade=t=out:st=${num(durationSeconds - fadeOut)}:d=${num(fadeOut)}`);
  return `[1:a]${parts.join(',')}[a]`;
}

/** Encoder args: AAC in MP4, Opus in WebM. */
export function audioCodecOptions(codec: AudioMix['codec']): string[] {
  return codec === 'aac' ? ['-c:a', 'aac', '-b:a', '160k'] : ['-c:a', 'libopus', '-b:a', '128k'];
}

/** Args decoding the first second of a file's first audio stream and writing nothing: it is a track ffmpeg can read. */
export function buildAudioProbeArgs(): FfmpegArgs {
  return { inputOptions: ['-hide_banner', '-loglevel', 'error'], outputOptions: ['-map', '0:a:0', '-t', '1', '-f', 'null'] };
}
