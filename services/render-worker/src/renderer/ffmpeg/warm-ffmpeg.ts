import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ffmpeg from 'fluent-ffmpeg';
import { REQUIRED_FFMPEG } from './required-ffmpeg';

const listed = <T>(read: (cb: (err: Error | null, data: Record<string, T>) => void) => void) =>
  new Promise<Record<string, T>>((resolve, reject) => read((err, data) => (err ? reject(err) : resolve(data))));

/** The names a `-filters` or `-decoders` listing gives (fluent-ffmpeg reads neither fully: `split` is V->N). */
async function namesListed(ffmpegPath: string, what: '-filters' | '-decoders', line: RegExp): Promise<Set<string>> {
  const { stdout } = await promisify(execFile)(ffmpegPath, ['-hide_banner', what], { maxBuffer: 8 * 1024 * 1024 });
  return new Set(stdout.split('\n').flatMap((l) => line.exec(l)?.slice(1, 2) ?? []));
}

/**
 * Fills fluent-ffmpeg's per-process capability cache (`ffmpeg -formats` and `-encoders`, which it otherwise runs
 * before the first command of every process: two spawns, about 0.25 s, paid by the first video a process encodes)
 * and says which of REQUIRED_FFMPEG this ffmpeg lacks (its filters and decoders listed beside them, at the same
 * time). Called when a process starts, before it takes work.
 */
export async function warmFfmpeg(ffmpegPath: string): Promise<{ missing: string[] }> {
  const cmd = ffmpeg().setFfmpegPath(ffmpegPath);
  const [formats, encoders, filters, decoders] = await Promise.all([
    listed<{ canMux: boolean; canDemux: boolean }>((cb) => cmd.availableFormats(cb)),
    listed((cb) => cmd.availableEncoders(cb)),
    namesListed(ffmpegPath, '-filters', /^ [T.][S.][C.] (\S+) +\S+->\S+/),
    namesListed(ffmpegPath, '-decoders', /^ [VAS][F.][S.][X.][B.][D.] (\S+) /),
  ]);
  const lacking = (kind: string, names: string[], has: (name: string) => boolean | undefined) => names.filter((n) => !has(n)).map((n) => `${kind} ${n}`);
  const r = REQUIRED_FFMPEG;
  return {
    missing: [
      ...lacking('encoder', r.encoders, (e) => e in encoders),
      ...lacking('decoder', r.decoders, (d) => decoders.has(d)),
      ...lacking('muxer', r.muxers, (f) => formats[f]?.canMux),
      ...lacking('demuxer', r.demuxers, (f) => formats[f]?.canDemux),
      ...lacking('filter', r.filters, (f) => filters.has(f)),
    ],
  };
}
