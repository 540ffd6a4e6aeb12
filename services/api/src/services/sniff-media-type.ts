const ascii = (buf: Buffer, offset: number, s: string) => buf.length >= offset + s.length && buf.toString('latin1', offset, offset + s.length) === s;

/**
 * An sfnt (TrueType / OpenType) whose table directory fits the file: numTables 1-200 and every table inside the
 * bytes. Checked beyond the magic number so a text file that happens to start with `OTTO` is not a font.
 */
function isSfnt(buf: Buffer): boolean {
  if (buf.length < 12) return false;
  const numTables = buf.readUInt16BE(4);
  if (numTables < 1 || numTables > 200 || buf.length < 12 + numTables * 16) return false;
  for (let i = 0; i < numTables; i++) {
    const entry = 12 + i * 16;
    const offset = buf.readUInt32BE(entry + 8);
    const length = buf.readUInt32BE(entry + 12);
    if (offset + length > buf.length) return false;
  }
  return true;
}

/** WOFF and WOFF2 headers state the file's total length and table count; a truncated or fake file disagrees. */
function isWoff(buf: Buffer): boolean {
  if (buf.length < 48) return false;
  return buf.readUInt32BE(8) === buf.length && buf.readUInt16BE(12) > 0;
}

/** font/ttf, font/otf, font/woff or font/woff2 by the bytes, or null. */
export function sniffFontType(buf: Buffer): string | null {
  if (buf.length >= 4 && (buf.readUInt32BE(0) === 0x00010000 || ascii(buf, 0, 'true')) && isSfnt(buf)) return 'font/ttf';
  if (ascii(buf, 0, 'OTTO') && isSfnt(buf)) return 'font/otf';
  if (ascii(buf, 0, 'wOFF') && isWoff(buf)) return 'font/woff';
  if (ascii(buf, 0, 'wOF2') && isWoff(buf)) return 'font/woff2';
  return null;
}

/** An MPEG audio layer III frame header: sync bits, layer III, a real bitrate and sample rate. */
function isMp3Frame(buf: Buffer): boolean {
  if (buf.length < 4 || buf[0] !== 0xff || (buf[1]! & 0xe0) !== 0xe0) return false;
  const layer = (buf[1]! >> 1) & 0x03;
  const bitrate = buf[2]! >> 4;
  const rate = (buf[2]! >> 2) & 0x03;
  return layer === 1 && bitrate !== 0 && bitrate !== 0x0f && rate !== 0x03;
}

/** An ID3v2 tag header: version 2-4 and a syncsafe size (every size byte below 0x80). */
const isId3 = (buf: Buffer) =>
  ascii(buf, 0, 'ID3') && buf.length >= 10 && buf[3]! >= 2 && buf[3]! <= 4 && [6, 7, 8, 9].every((i) => buf[i]! < 0x80);

const M4A_BRANDS = ['M4A ', 'M4B '];

/** audio/mpeg, audio/wav, audio/ogg or audio/mp4 (m4a) by the bytes, or null. Video MP4s are not audio assets. */
export function sniffAudioType(buf: Buffer): string | null {
  if (isId3(buf) || isMp3Frame(buf)) return 'audio/mpeg';
  if (ascii(buf, 0, 'RIFF') && ascii(buf, 8, 'WAVE')) return 'audio/wav';
  if (ascii(buf, 0, 'OggS')) return 'audio/ogg';
  if (ascii(buf, 4, 'ftyp') && buf.length >= 16) {
    const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 256);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at !== 12 && M4A_BRANDS.includes(buf.toString('latin1', at, at + 4))) return 'audio/mp4';
    }
  }
  return null;
}
