const startsWith = (buf: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => buf[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\r' || c === '\t';

/**
 * Index just past what XML allows before the root element (whitespace, declaration, processing instructions,
 * comments, one doctype with an optional internal subset), or -1 when it is unterminated. A plain scan rather
 * than one regex: nested quantifiers over attacker-sized input would backtrack badly.
 */
function skipProlog(text: string): number {
  let i = 0;
  for (;;) {
    while (isSpace(text[i])) i++;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return -1;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return -1;
      i = end + 3;
    } else if (text.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') {
      const close = text.indexOf('>', i);
      const bracket = text.indexOf('[', i);
      const subsetEnd = bracket >= 0 && (close < 0 || bracket < close) ? text.indexOf(']', bracket) : i;
      const end = subsetEnd < 0 ? -1 : text.indexOf('>', subsetEnd);
      if (end < 0) return -1;
      i = end + 1;
    } else return i;
  }
}

/** UTF-8 text whose root element is <svg ...> and which closes it (</svg> or a self-closing root). */
function isSvg(buf: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return false;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const start = skipProlog(text);
  if (start < 0 || !/^<svg[\s>/]/i.test(text.slice(start, start + 5))) return false;
  const root = text.slice(start).trimEnd();
  return /<\/svg\s*>$/i.test(root.slice(-32)) || (root.endsWith('/>') && root.indexOf('>') === root.length - 1);
}

/**
 * The content type the bytes really are, by magic number (or an <svg> root for SVG), or null for anything
 * else. The declared Content-Type is never trusted: the stored type comes from here.
 */
export function sniffImageType(buf: Buffer): string | null {
  if (buf.length >= 8 && startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (buf.length >= 3 && startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (buf.length >= 6 && (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a')))) return 'image/gif';
  if (buf.length >= 12 && startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  if (isSvg(buf)) return 'image/svg+xml';
  return null;
}
