/**
 * How a segment's frames reach ffmpeg's stdin: encoded images from a browser, or the native engine's raw pixels,
 * as RGBA or already in yuv420p (raw-frame-format.ts).
 */
export type FrameInput = 'jpeg' | 'png' | 'rgba' | 'yuv420p';

export interface FrameInputSize {
  fps: number;
  width: number;
  height: number;
}

/** Refuses what no segment encoder can take: a non-positive rate, a size yuv420p cannot hold. */
export function checkFrameInput({ fps, width, height }: FrameInputSize): void {
  if (!(fps > 0)) throw new Error(`fps must be > 0, got ${fps}`);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 2 || height < 2) {
    throw new Error(`invalid size ${width}x${height}`);
  }
}

/**
 * The input half of a segment's ffmpeg args, the only part that differs between frame sources: the output options
 * (codec, GOP, colour tags) are the same whatever feeds them, so segments of either engine join by stream copy.
 * Raw frames are straight RGBA, 4 bytes a pixel, rows top down (takumi's `raw` output), one frame per W*H*4 bytes;
 * or yuv420p planes (rgba-to-yuv420p.ts), W*H*3/2 bytes a frame.
 */
export function frameInputOptions(frames: FrameInput, size: FrameInputSize): string[] {
  checkFrameInput(size);
  const rate = ['-framerate', String(size.fps)];
  const quiet = ['-hide_banner', '-loglevel', 'error'];
  if (frames === 'yuv420p' && (size.width % 2 || size.height % 2)) throw new Error(`yuv420p frames need an even size, got ${size.width}x${size.height}`);
  if (frames === 'rgba' || frames === 'yuv420p') return [...quiet, '-f', 'rawvideo', '-pix_fmt', frames, '-s', `${size.width}x${size.height}`, ...rate];
  return [...quiet, '-f', 'image2pipe', ...rate, '-c:v', frames === 'png' ? 'png' : 'mjpeg'];
}
