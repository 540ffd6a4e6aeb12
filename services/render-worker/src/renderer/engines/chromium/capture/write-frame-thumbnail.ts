import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { VIDEO_THUMBNAIL_QUALITY } from '../../../ffmpeg/extract-thumbnail';

/**
 * A video's thumbnail from the frame Chromium captured for it, before x264 (as the native engine writes its own):
 * an opaque frame is already a JPEG (quality 90, the frames' capture quality) and is stored as it is; a transparent
 * one is a PNG, written as a JPEG of its colour without the alpha, as the thumbnail taken from the video would be.
 */
export async function writeFrameThumbnail(frame: Buffer, outputPath: string): Promise<void> {
  const isJpeg = frame[0] === 0xff && frame[1] === 0xd8;
  const jpeg = isJpeg ? frame : await sharp(frame).removeAlpha().jpeg({ quality: VIDEO_THUMBNAIL_QUALITY }).toBuffer();
  await writeFile(outputPath, jpeg);
}
