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
