/**
 * CSS math functions takumi does not parse: it drops a declaration with `min()`, `max()` or `clamp()` from a
 * stylesheet (`width: min(100%, 300px)` drew at the container's full width) and fails a render on one in a `style`
 * attribute. Where every argument computes without layout (absolute lengths, the canvas's viewport units, plain
 * numbers, with `calc()` arithmetic), the native engine's preparation writes the value it computes to, as Chromium
 * does. `rem` computes too where nothing sets the root element's font size (root-font-size.ts). Where an argument
 * needs layout or the cascade (a percentage, `em`, `var()`, a `rem` whose root size a rule may set), the gate sends the
 * version to Chromium.
 */

/** The canvas, which viewport units are relative to, and the px of a `rem` when the document has one (remPx). */
export interface Viewport {
  width: number;
  height: number;
  rem?: number;
}

/** The gate's question, asked before any canvas: viewport units count as computable at any size. */
export const ANY_VIEWPORT: Viewport = { width: 1000, height: 1000 };

/** px per unit of the lengths that need no layout. */
const ABSOLUTE_PX: Readonly<Record<string, number>> = { px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, pt: 4 / 3, pc: 16 };

/** A call of `min()`, `max()` or `clamp()` (not `minmax()`); global for resolveCssMath's walk over every call. */
const MATH_FUNCTION = /(?<![\w-])(min|max|clamp)\(/gi;
const FIRST_MATH_FUNCTION = new RegExp(MATH_FUNCTION.source, 'i');

/** A computed operand: a length in px, or a plain number. */
interface Quantity {
  px: boolean;
  n: number;
}

/** The first math function a value uses, lower case, or null. */
export const cssMathFunction = (value: string): string | null => FIRST_MATH_FUNCTION.exec(value)?.[1]!.toLowerCase() ?? null;

/** Whether a value uses `min()`, `max()` or `clamp()`. */
export const hasCssMath = (value: string): boolean => cssMathFunction(value) !== null;

/** Reads one expression of a math function's arguments; null where it needs layout or is not valid CSS. */
class Expression {
  private at = 0;
  private readonly tokens: string[];

  constructor(text: string, private readonly viewport: Viewport) {
    this.tokens = text.match(/[a-z-]+\(|[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?(?:%|[a-z]+)?|[-+*/(),]/gi) ?? [];
    // a token the pattern skipped (a `var(--x)`'s name, a stray character) leaves text the tokens do not account for
    if (this.tokens.join('').replace(/\s/g, '') !== text.replace(/\s/g, '')) this.tokens = ['?'];
  }

  static value(text: string, viewport: Viewport): Quantity | null {
    const e = new Expression(text, viewport);
    const q = e.sum();
    return q && e.at === e.tokens.length ? q : null;
  }

  private sum(): Quantity | null {
    let left = this.product();
    while (left && (this.peek() === '+' || this.peek() === '-')) {
      const sign = this.tokens[this.at++] === '+' ? 1 : -1;
      const right = this.product();
      if (!right || right.px !== left.px) return null;
      left = { px: left.px, n: left.n + sign * right.n };
    }
    return left;
  }

  private product(): Quantity | null {
    let left = this.factor();
    while (left && (this.peek() === '*' || this.peek() === '/')) {
      const times = this.tokens[this.at++] === '*';
      const right = this.factor();
      if (!right || (left.px && right.px) || (!times && (right.px || right.n === 0))) return null;
      left = { px: left.px || right.px, n: times ? left.n * right.n : left.n / right.n };
    }
    return left;
  }

  private factor(): Quantity | null {
    const token = this.tokens[this.at++];
    if (token === undefined) return null;
    if (token === '(') return this.closed(this.sum());
    const fn = /^(calc|min|max|clamp)\($/i.exec(token)?.[1]?.toLowerCase();
    if (fn) return this.call(fn);
    return this.number(token);
  }

  private call(fn: string): Quantity | null {
    const args: Quantity[] = [];
    for (;;) {
      const q = this.sum();
      if (!q) return null;
      args.push(q);
      if (this.peek() !== ',') break;
      this.at++;
    }
    if (this.tokens[this.at++] !== ')' || args.some((a) => a.px !== args[0]!.px)) return null;
    const ns = args.map((a) => a.n);
    const px = args[0]!.px;
    if (fn === 'calc') return args.length === 1 ? args[0]! : null;
    if (fn === 'min') return { px, n: Math.min(...ns) };
    if (fn === 'max') return { px, n: Math.max(...ns) };
    // clamp(MIN, VAL, MAX): MIN wins over MAX, as CSS Values 4 has it
    return args.length === 3 ? { px, n: Math.max(ns[0]!, Math.min(ns[1]!, ns[2]!)) } : null;
  }

  private number(token: string): Quantity | null {
    const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-z%]*)$/i.exec(token);
    if (!m) return null;
    const n = Number(m[1]);
    const unit = m[2]!.toLowerCase();
    if (unit === '') return { px: false, n };
    if (unit in ABSOLUTE_PX) return { px: true, n: n * ABSOLUTE_PX[unit]! };
    const { width, height, rem } = this.viewport;
    if (unit === 'rem') return rem === undefined ? null : { px: true, n: n * rem };
    const vp: Record<string, number> = { vw: width, vh: height, vmin: Math.min(width, height), vmax: Math.max(width, height) };
    return unit in vp ? { px: true, n: (n * vp[unit]!) / 100 } : null;
  }

  private closed(q: Quantity | null): Quantity | null {
    return q && this.tokens[this.at++] === ')' ? q : null;
  }

  private peek(): string | undefined {
    return this.tokens[this.at];
  }
}

/** The end of the function call whose `(` is at `open` (its matching `)`), or -1. */
function closingParen(value: string, open: number): number {
  let depth = 0;
  for (let i = open; i < value.length; i++) {
    if (value[i] === '(') depth++;
    else if (value[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

const format = (q: Quantity) => `${Number(q.n.toFixed(4))}${q.px ? 'px' : ''}`;

/**
 * The value with each `min()`, `max()` and `clamp()` replaced by what it computes to, or null when one of them
 * needs layout. Without a viewport (ANY_VIEWPORT), viewport units count as computable.
 */
export function resolveCssMath(value: string, viewport: Viewport = ANY_VIEWPORT): string | null {
  let out = '';
  let from = 0;
  for (const m of value.matchAll(MATH_FUNCTION)) {
    const start = m.index!;
    if (start < from) continue;
    const close = closingParen(value, start + m[0].length - 1);
    const q = close < 0 ? null : Expression.value(value.slice(start, close + 1), viewport);
    if (!q) return null;
    out += value.slice(from, start) + format(q);
    from = close + 1;
  }
  return out + value.slice(from);
}
