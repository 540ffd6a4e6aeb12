import { QR_LEVELS, type QrLayer, type QrLevel } from './design-types';
import { letterSpansHtml, readLetterSpec, type LetterSpec } from './letter-motion';
import { QR_DEFAULTS, qrSvg, type QrStyle } from './qr-svg';

/**
 * The attribute of an element whose content the design draws from a text (docs/templates.md "Drawn content"): a QR
 * code, or a text with animated letters. Its value is JSON, `{"qr": QrStyle}` or `{"letters": LetterSpec}`; the
 * renderer, binding a text placeholder to such an element, draws the placeholder's text the same way.
 */
export const DESIGN_CONTENT_ATTR = 'data-design-content';

export type DesignContent = { qr: QrStyle } | { letters: LetterSpec };

/** The QR style of a layer, its defaults filled in. */
export const qrStyle = (l: QrLayer): QrStyle => ({
  level: l.error_correction ?? QR_DEFAULTS.level,
  color: l.color ?? QR_DEFAULTS.color,
  background: l.background === undefined ? QR_DEFAULTS.background : l.background,
  margin: l.margin ?? QR_DEFAULTS.margin,
});

function readQrStyle(x: unknown): QrStyle | null {
  const o = x as Partial<QrStyle> | null;
  if (!o || !QR_LEVELS.includes(o.level as QrLevel) || typeof o.color !== 'string') return null;
  if (o.background !== null && typeof o.background !== 'string') return null;
  if (typeof o.margin !== 'number' || !Number.isFinite(o.margin)) return null;
  return { level: o.level!, color: o.color, background: o.background, margin: o.margin };
}

/** The content HTML of a text drawn as the spec says. Throws QrCapacityError when a QR code cannot hold it. */
export function drawContent(content: DesignContent, text: string): string {
  return 'qr' in content ? qrSvg(text, content.qr) : letterSpansHtml(text, content.letters);
}

/**
 * The content HTML for a bound element carrying DESIGN_CONTENT_ATTR, from the attribute's value as written in the
 * document and the placeholder's text; null when the value is not a spec the compiler writes (a hand-written
 * template's), so the text is bound as text. Throws QrCapacityError when a QR code cannot hold the text.
 */
export function designContentHtml(attr: string, text: string): string | null {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(attr) as Record<string, unknown>;
  } catch {
    return null;
  }
  const qr = parsed && 'qr' in parsed ? readQrStyle(parsed.qr) : null;
  if (qr) return drawContent({ qr }, text);
  const letters = parsed && 'letters' in parsed ? readLetterSpec(parsed.letters) : null;
  return letters ? drawContent({ letters }, text) : null;
}
