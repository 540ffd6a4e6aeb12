import { buildConcatArgs, buildConcatList } from './build-concat-args';
import { buildAudioFilter } from './build-audio-args';
import { buildGifArgs } from './build-gif-args';

const opt = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};

describe('buildConcatArgs', () => {
  it('uses the concat demuxer with stream copy and faststart', () => {
    const { inputOptions, outputOptions, extraInputs } = buildConcatArgs();
    expect(inputOptions.join(' ')).toContain('-f concat -safe 0 -protocol_whitelist file,pipe');
    expect(outputOptions.join(' ')).toContain('-c copy');
    expect(outputOptions.join(' ')).toContain('-movflags +faststart');
    expect(outputOptions).not.toContain('libx264');
    expect(extraInputs).toEqual([]);
  });

  it('joins webm by stream copy without mp4 flags', () => {
    const { outputOptions } = buildConcatArgs({ container: 'webm' });
    expect(opt(outputOptions, '-c')).toBe('copy');
    expect(opt(outputOptions, '-f')).toBe('webm');
    expect(outputOptions).not.toContain('-movflags');
  });

  it('mixes audio in the join: video copied, AAC in mp4, Opus in webm, cut to the duration', () => {
    const track = { url: 'asset://x', loop: true };
    const mp4 = buildConcatArgs({ container: 'mp4', audio: { path: '/t/a.mp3', track, durationSeconds: 4, codec: 'aac' } });
    expect(mp4.extraInputs).toEqual([{ source: '/t/a.mp3', options: ['-stream_loop', '-1'] }]);
    expect(opt(mp4.outputOptions, '-c:v')).toBe('copy');
    expect(opt(mp4.outputOptions, '-c:a')).toBe('aac');
    expect(opt(mp4.outputOptions, '-t')).toBe('4');
    expect(mp4.outputOptions.filter((a) => a === '-map')).toHaveLength(2);
    const webm = buildConcatArgs({ container: 'webm', audio: { path: '/t/a.wav', track: { url: 'x' }, durationSeconds: 2, codec: 'opus' } });
    expect(opt(webm.outputOptions, '-c:a')).toBe('libopus');
    expect(webm.extraInputs[0]!.options).toEqual([]);
  });
});

describe('buildAudioFilter', () => {
  it('delays to start_at, pads and cuts to the video, fades at both ends', () => {
    const f = buildAudioFilter({ url: 'x', start_at: 1.5, volume: 0.5, fade_in: 0.25, fade_out: 1 }, 5);
    expect(f).toBe(
      '[1:a]aresample=48000,aformat=channel_layouts=stereo,atrim=0:3.5,asetpts=PTS-STARTPTS,volume=0.5,' +
        'afade=t=in:st=0:d=0.25,adelay=1500:all=1,apad,atrim=0:5,afade=t=out:st=4:d=1[a]',
    );
  });

  it('leaves out what is not asked for', () => {
    expect(buildAudioFilter({ url: 'x' }, 2)).toBe('[1:a]aresample=48000,aformat=channel_layouts=stereo,atrim=0:2,asetpts=PTS-STARTPTS,volume=1,apad,atrim=0:2[a]');
  });

  it('rejects a start outside the video', () => {
    expect(() => buildAudioFilter({ url: 'x', start_at: 3 }, 3)).toThrow();
  });
});

describe('buildGifArgs', () => {
  it('generates one palette over the whole video and loops forever', () => {
    const { outputOptions } = buildGifArgs();
    expect(opt(outputOptions, '-filter_complex')).toMatch(/palettegen.*paletteuse/);
    expect(opt(outputOptions, '-loop')).toBe('0');
    expect(opt(outputOptions, '-f')).toBe('gif');
  });
});

describe('buildConcatList', () => {
  it('lists files in order, quoted, as file: URLs (the list is read from stdin)', () => {
    expect(buildConcatList(['/tmp/a/0.mp4', '/tmp/a/1.mp4'])).toBe("file 'file:/tmp/a/0.mp4'\nfile 'file:/tmp/a/1.mp4'\n");
  });

  it("escapes single quotes the demuxer's way", () => {
    expect(buildConcatList(["/tmp/it's.mp4"])).toBe("file 'file:/tmp/it'\\''s.mp4'\n");
  });

  it('rejects an empty list', () => {
    expect(() => buildConcatList([])).toThrow();
  });
});
