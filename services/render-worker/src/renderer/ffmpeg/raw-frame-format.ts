import type { FrameInput } from './frame-input-options';

/**
 * What the native engine writes to a segment's ffmpeg: yuv420p for an H.264 segment of even size, converted in the
 * engine process (rgba-to-yuv420p.ts) only where a frame changed, so ffmpeg converts nothing and reads 3/8 of the
 * bytes; straight RGBA for VP9 (its alpha) and for odd sizes (padded by ffmpeg).
 */
export function rawFrameFormat(codec: 'h264' | 'vp9', width: number, height: number): Extract<FrameInput, 'rgba' | 'yuv420p'> {
  return codec === 'h264' && width % 2 === 0 && height % 2 === 0 ? 'yuv420p' : 'rgba';
}
