import { buildConcatArgs, buildConcatList } from './build-concat-args';

describe('buildConcatArgs', () => {
  it('uses the concat demuxer with stream copy and faststart', () => {
    const { inputOptions, outputOptions } = buildConcatArgs();
    expect(inputOptions.join(' ')).toContain('-f concat -safe 0');
    expect(outputOptions.join(' ')).toContain('-c copy');
    expect(outputOptions.join(' ')).toContain('-movflags +faststart');
    expect(outputOptions).not.toContain('libx264');
  });
});

describe('buildConcatList', () => {
  it('lists files in order, quoted', () => {
    expect(buildConcatList(['/tmp/a/0.mp4', '/tmp/a/1.mp4'])).toBe("file '/tmp/a/0.mp4'\nfile '/tmp/a/1.mp4'\n");
  });

  it("escapes single quotes the demuxer's way", () => {
    expect(buildConcatList(["/tmp/it's.mp4"])).toBe("file '/tmp/it'\\''s.mp4'\n");
  });

  it('rejects an empty list', () => {
    expect(() => buildConcatList([])).toThrow();
  });
});
