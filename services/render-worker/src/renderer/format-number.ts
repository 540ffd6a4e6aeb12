/**
 * Number placeholder formatting. The `format` string of a placeholder is one of
 *   (absent) | 'plain'     -> 1234.5        (no grouping, up to 10 decimals, trailing zeros dropped)
 *   numeral-style pattern  -> '0,0' 1,235 · '0,0.00' 1,234.50 · '0.0' 1234.5 · '$0,0.00' $1,234.50 · '0.0 kg'
 *                             (optional literal prefix/suffix without digits; ',' turns on grouping,
 *                             the number of '0' after '.' fixes the decimals)
 *   'percent' | 'percent:N' -> 0.256 -> 26% / 25.6% (value is a ratio, N decimals)
 *   'currency:EUR'         -> €1,234.50 (any ISO 4217 code, the currency's usual decimals)
 *   'compact'              -> 1.2K, 3.4M
 * Each may end with '@<locale>' (BCP 47, e.g. '0,0.00@de-DE' -> 1.234,50); the default locale is en-US.
 * Unknown formats fall back to plain rather than failing a render over a cosmetic choice.
 * Pure, no Node imports (used by the API for previews/validation too).
 */
import { LruMap } from '@rp/workflow-safe';

const PATTERN = /^([^0-9]*)0(,0+)?(?:\.(0+))?([^0-9]*)$/;
const DEFAULT_LOCALE = 'en-US';

export function formatNumber(value: number, format?: string | null): string {
  if (!Number.isFinite(value)) return '';
  const raw = (format ?? '').trim();
  const at = raw.lastIndexOf('@');
  const spec = at >= 0 ? raw.slice(0, at).trim() : raw;
  const locale = at >= 0 ? pickLocale(raw.slice(at + 1).trim()) : DEFAULT_LOCALE;
  try {
    return formatWith(value, spec, locale);
  } catch {
    return plain(value, locale);
  }
}

function formatWith(value: number, spec: string, locale: string): string {
  const lower = spec.toLowerCase();
  if (lower === '' || lower === 'plain') return plain(value, locale);
  if (lower === 'compact') {
    return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
  }
  if (lower === 'percent' || lower.startsWith('percent:')) {
    const digits = clampDigits(lower.slice('percent:'.length));
    return numberFormat(locale, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  }
  if (lower.startsWith('currency:')) {
    const currency = spec.slice('currency:'.length).trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) return plain(value, locale);
    return numberFormat(locale, { style: 'currency', currency }).format(value);
  }
  const m = PATTERN.exec(spec);
  if (!m) return plain(value, locale);
  const [, prefix = '', grouping, decimals = '', suffix = ''] = m;
  const digits = Math.min(decimals.length, 20);
  const body = numberFormat(locale, {
    useGrouping: grouping !== undefined,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Math.abs(value));
  // the sign goes in front of the prefix ("-$5.00", not "$-5.00"), and a value that rounds to zero has none
  const negative = value < 0 && /[1-9]/.test(body);
  return `${negative ? '-' : ''}${prefix}${body}${suffix}`;
}

function plain(value: number, locale: string): string {
  return numberFormat(locale, { useGrouping: false, maximumFractionDigits: 10 }).format(value);
}

/**
 * Formatters by locale and options: building one costs about a millisecond (ICU loads the locale's data), formatting
 * with it microseconds, and a template formats the same way on every render.
 */
const formatters = new LruMap<string, Intl.NumberFormat>(128);

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return formatters.getOrSet(`${locale}\0${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** Locale tags as ICU resolves them, by tag: a lookup costs about as much as building a formatter. */
const locales = new LruMap<string, string>(128);

function clampDigits(s: string): number {
  const n = Number.parseInt(s, 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), 10) : 0;
}

function pickLocale(tag: string): string {
  return locales.getOrSet(tag, () => resolveLocale(tag));
}

function resolveLocale(tag: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag])[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}
