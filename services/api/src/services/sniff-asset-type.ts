import { sniffAudioType, sniffFontType } from './sniff-media-type';
import { sniffImageType } from './sniff-image-type';

/** The kind of asset the bytes are (images, audio for video soundtracks, fonts for @font-face), or null. */
export function sniffAssetType(buf: Buffer): string | null {
  return sniffImageType(buf) ?? sniffFontType(buf) ?? sniffAudioType(buf);
}
