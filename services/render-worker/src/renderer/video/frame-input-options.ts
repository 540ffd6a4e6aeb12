/** How a segment's frames reach ffmpeg's stdin: encoded images from a browser, or the native engine's raw pixels. */
export type FrameInput = 'jpeg' | 'png' | 'rgba';

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
 * Raw frames are straight RGBA, 4 bytes a pixel, rows top down (takumi's `raw` output), one frame per W*H*4 bytes.
 */
export function frameInputOptions(frames: FrameInput, size: FrameInputSize): string[] {
  checkFrameInput(size);
  const rate = ['-framerate', String(size.fps)];
  const quiet = ['-hide_banner', '-loglevel', 'error'];
  if (frames === 'rgba') return [...quiet, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${size.width}x${size.height}`, ...rate];
  return [...quiet, '-f', 'image2pipe', ...rate, '-c:v', frames === 'png' ? 'png' : 'mjpeg'];
}
