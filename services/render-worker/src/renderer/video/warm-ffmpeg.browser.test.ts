import { REQUIRED_FFMPEG, warmFfmpeg } from './warm-ffmpeg';

// fluent-ffmpeg keeps one capability list per process, whatever the path: the failing ffmpeg is asked first
describe('warmFfmpeg', () => {
  it('fails for an ffmpeg that does not run', async () => {
    await expect(warmFfmpeg('/nonexistent/ffmpeg')).rejects.toThrow(/ENOENT/);
  });

  it('finds every encoder and muxer the argument builders name in the installed ffmpeg', async () => {
    expect(REQUIRED_FFMPEG.encoders).toContain('libx264');
    expect(await warmFfmpeg('ffmpeg')).toEqual({ missing: [] });
  });
});
