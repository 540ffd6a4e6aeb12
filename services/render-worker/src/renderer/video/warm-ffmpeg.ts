import ffmpeg from 'fluent-ffmpeg';

/** The encoders and muxers the platform's argument builders name (build-*-args.ts). */
export const REQUIRED_FFMPEG = { encoders: ['libx264', 'libvpx-vp9', 'gif'], formats: ['mp4', 'webm', 'gif', 'rawvideo', 'image2pipe'] } as const;

const listed = <T>(read: (cb: (err: Error | null, data: Record<string, T>) => void) => void) =>
  new Promise<Record<string, T>>((resolve, reject) => read((err, data) => (err ? reject(err) : resolve(data))));

/**
 * Fills fluent-ffmpeg's per-process capability cache (`ffmpeg -formats` and `-encoders`, which it otherwise runs
 * before the first command of every process: two spawns, about 0.25 s, paid by the first video a process encodes)
 * and says which of REQUIRED_FFMPEG this ffmpeg lacks. Called when a process starts, before it takes work.
 */
export async function warmFfmpeg(ffmpegPath: string): Promise<{ missing: string[] }> {
  const cmd = ffmpeg().setFfmpegPath(ffmpegPath);
  const [formats, encoders] = await Promise.all([listed((cb) => cmd.availableFormats(cb)), listed((cb) => cmd.availableEncoders(cb))]);
  return {
    missing: [
      ...REQUIRED_FFMPEG.encoders.filter((e) => !(e in encoders)).map((e) => `encoder ${e}`),
      ...REQUIRED_FFMPEG.formats.filter((f) => !(f in formats)).map((f) => `format ${f}`),
    ],
  };
}
