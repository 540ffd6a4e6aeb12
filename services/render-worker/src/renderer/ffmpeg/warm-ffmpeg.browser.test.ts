import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// fluent-ffmpeg keeps one capability list per module instance, whatever the path: each case loads warm-ffmpeg (and
// with it fluent-ffmpeg) afresh, so each asks its own ffmpeg
function warmWith(ffmpegPath: string): Promise<{ missing: string[] }> {
  let warm!: (typeof import('./warm-ffmpeg'))['warmFfmpeg'];
  jest.isolateModules(() => {
    warm = jest.requireActual<typeof import('./warm-ffmpeg')>('./warm-ffmpeg').warmFfmpeg;
  });
  return warm(ffmpegPath);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rp-warm-ffmpeg-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('warmFfmpeg', () => {
  it('fails for an ffmpeg that does not run', async () => {
    await expect(warmWith('/nonexistent/ffmpeg')).rejects.toThrow(/ENOENT/);
  });

  it('names what an ffmpeg lacks: the installed one with an encoder, a decoder, a format and a filter left out of its lists', async () => {
    const lacking = join(dir, 'ffmpeg');
    writeFileSync(lacking, `#!/bin/sh\nffmpeg "$@" | grep -v -e ' libx264 ' -e ' png ' -e ' image2pipe ' -e ' split '\n`);
    chmodSync(lacking, 0o755);
    expect(await warmWith(lacking)).toEqual({ missing: ['encoder libx264', 'decoder png', 'demuxer image2pipe', 'filter split'] });
  });

  it('finds everything the argument builders name in the installed ffmpeg', async () => {
    expect(await warmWith('ffmpeg')).toEqual({ missing: [] });
  });
});
