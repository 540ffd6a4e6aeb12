import qrcode from 'qrcode-generator';
import type { QrLevel } from './design-types';
import { cssColor, escapeHtml } from './css-values';

/** How a QR code is drawn: its error correction, colours and quiet zone (modules). */
export interface QrStyle {
  level: QrLevel;
  color: string;
  /** null: transparent */
  background: string | null;
  margin: number;
}

export const QR_DEFAULTS: QrStyle = { level: 'M', color: '#000000', background: '#ffffff', margin: 4 };

/** The text is longer than a QR code at its error-correction level holds. */
export class QrCapacityError extends Error {}

/**
 * The modules of the smallest QR code holding the text as UTF-8 bytes (byte mode), row by row. The library's byte
 * mode takes a string of char codes 0-255, so the UTF-8 bytes go in as such.
 */
function qrModules(text: string, level: QrLevel): boolean[][] {
  const bytes = new TextEncoder().encode(text);
  const code = qrcode(0, level);
  code.addData(String.fromCharCode(...bytes), 'Byte');
  try {
    code.make();
  } catch {
    throw new QrCapacityError(`is longer than the largest QR code at error correction ${level} holds (${bytes.length} UTF-8 bytes)`);
  }
  const n = code.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => code.isDark(r, c)));
}

/**
 * A QR code as an inline SVG filling its box (square, centred): a background square and one path of the dark
 * modules, each row's runs as rectangles, with crisp edges. Both engines draw this SVG (takumi through resvg), so
 * they draw the same modules; the compiler draws the layer's value with it, and the renderer a bound
 * placeholder's text. Throws QrCapacityError when the text does not fit.
 */
export function qrSvg(text: string, style: QrStyle): string {
  const modules = qrModules(text, style.level);
  const m = Math.max(0, Math.min(40, Math.round(style.margin)));
  const size = modules.length + 2 * m;
  const runs: string[] = [];
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      runs.push(`M${start + m} ${y + m}h${x - start + 1}v1h${start - x - 1}z`);
    }
  });
  const bg = style.background === null ? '' : `<rect width="${size}" height="${size}" fill="${escapeHtml(cssColor(style.background))}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="100%" height="100%" preserveAspectRatio="xMidYMid meet" shape-rendering="crispEdges" style="display:block">` +
    `${bg}<path fill="${escapeHtml(cssColor(style.color))}" d="${runs.join('')}"/></svg>`
  );
}
