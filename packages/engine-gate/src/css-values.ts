/** A CSS value split at top-level commas or spaces: what is inside parentheses (`cubic-bezier(a, b, c, d)`) stays whole. */
export function splitTopLevel(value: string, sep: ',' | ' '): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of value) {
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (depth === 0 && (sep === ' ' ? /\s/.test(ch) : ch === sep)) {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

const TIME = /^([+-]?(?:\d+\.?\d*|\.\d+))(ms|s)$/i;

/** A CSS `<time>` (`1.5s`, `-200ms`) in milliseconds, or null when the token is none. */
export function cssTimeMs(token: string): number | null {
  const m = TIME.exec(token.trim());
  if (!m) return null;
  return Number(m[1]) * (m[2]!.toLowerCase() === 's' ? 1000 : 1);
}

const ANGLE = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(deg|rad|turn|grad)?$/i;
const PER_DEG: Record<string, number> = { deg: 1, rad: 180 / Math.PI, turn: 360, grad: 0.9 };

/** A CSS `<angle>` (`90deg`, `.25turn`, `1rad`, `100grad`, or a unitless 0) in degrees, or null when the token is none. */
export function cssAngleDeg(token: string): number | null {
  const m = ANGLE.exec(token.trim());
  if (!m || (!m[2] && Number(m[1]) !== 0)) return null;
  return Number(m[1]) * PER_DEG[(m[2] ?? 'deg').toLowerCase()]!;
}

/** A keyframe selector's offset (`from` 0, `to` 1, `40%` 0.4), or null for anything else or past 100 %. */
export function keyframeOffset(selector: string): number | null {
  const s = selector.trim().toLowerCase();
  if (s === 'from') return 0;
  if (s === 'to') return 1;
  const m = /^(\d*\.?\d+)%$/.exec(s);
  return m && Number(m[1]) <= 100 ? Number(m[1]) / 100 : null;
}
