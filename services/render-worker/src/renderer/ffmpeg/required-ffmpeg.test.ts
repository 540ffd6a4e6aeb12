import { buildConcatArgs } from './build-concat-args';
import { filtersOf, namedIn, REQUIRED_FFMPEG } from './required-ffmpeg';

describe('REQUIRED_FFMPEG', () => {
  it('is what the argument builders name: every encoder, decoder, container and filter of their commands', () => {
    expect(REQUIRED_FFMPEG).toEqual({
      encoders: ['aac', 'gif', 'libopus', 'libvpx-vp9', 'libx264', 'mjpeg'],
      decoders: ['mjpeg', 'png'],
      muxers: ['gif', 'image2', 'mp4', 'null', 'webm'],
      demuxers: ['concat', 'image2pipe', 'rawvideo'],
      filters: ['adelay', 'afade', 'aformat', 'apad', 'aresample', 'asetpts', 'atrim', 'format', 'pad', 'palettegen', 'paletteuse', 'scale', 'split', 'volume'],
    });
  });

  it('reads a command as ffmpeg does: before the input a demuxer and a decoder, after it a muxer and an encoder', () => {
    const join = buildConcatArgs({ container: 'mp4' });
    expect(namedIn(join)).toEqual({ encoders: [], decoders: [], muxers: ['mp4'], demuxers: ['concat'], filters: [] });
    expect(namedIn({ inputOptions: ['-f', 'image2pipe', '-c:v', 'png'], outputOptions: ['-c:a', 'aac', '-vf', 'scale=2:2,format=yuv420p', '-f', 'mp4'] }))
      .toEqual({ encoders: ['aac'], decoders: ['png'], muxers: ['mp4'], demuxers: ['image2pipe'], filters: ['scale', 'format'] });
  });

  it('names the filters of a graph, its link labels and arguments aside', () => {
    expect(filtersOf('[0:v]scale=in_range=tv,split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=bayer')).toEqual(['scale', 'split', 'palettegen', 'paletteuse']);
    expect(filtersOf('pad=ceil(iw/2)*2:ceil(ih/2)*2,format=yuv420p')).toEqual(['pad', 'format']);
  });
});
