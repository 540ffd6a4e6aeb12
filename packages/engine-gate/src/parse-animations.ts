import { cssTimeMs, splitTopLevel } from './css-values';
import { timingKey } from './timing-key';

/** One animation of an `animation` shorthand, each part it leaves out at its initial value. */
export interface ParsedAnimation {
  /** The keyframes' name as written (case kept; a quoted name keeps its quotes), or null for none. */
  name: string | null;
  durationMs: number;
  delayMs: number;
  /** Infinity for `infinite`. */
  iterations: number;
  /** The timing function as written, lower case. */
  timing: string;
  direction: string;
  fillMode: string;
  playState: string;
}

const DIRECTIONS = new Set(['normal', 'reverse', 'alternate', 'alternate-reverse']);
const FILL_MODES = new Set(['none', 'forwards', 'backwards', 'both']);
const PLAY_STATES = new Set(['running', 'paused']);
const CSS_WIDE = new Set(['initial', 'inherit', 'unset', 'revert', 'revert-layer']);
const NUMBER = /^\d*\.?\d+$/;

/** The part of an animation a keyword sets, in the order the shorthand gives keywords to them before the name. */
function keywordPart(t: string): keyof ParsedAnimation | null {
  if (timingKey(t) !== null) return 'timing';
  if (t === 'infinite' || NUMBER.test(t)) return 'iterations';
  if (DIRECTIONS.has(t)) return 'direction';
  if (FILL_MODES.has(t)) return 'fillMode';
  if (PLAY_STATES.has(t)) return 'playState';
  return null;
}

function parseOne(item: string): ParsedAnimation {
  const a: ParsedAnimation = { name: null, durationMs: 0, delayMs: 0, iterations: 1, timing: 'ease', direction: 'normal', fillMode: 'none', playState: 'running' };
  const set = new Set<string>();
  const take = (part: string) => !set.has(part) && Boolean(set.add(part));
  for (const token of splitTopLevel(item, ' ')) {
    const t = token.toLowerCase();
    const ms = cssTimeMs(t);
    const part = keywordPart(t);
    if (ms !== null) {
      // the first time is the duration, the second the delay
      if (take('durationMs')) a.durationMs = ms;
      else if (take('delayMs')) a.delayMs = ms;
    } else if (part !== null && take(part)) {
      if (part === 'iterations') a.iterations = t === 'infinite' ? Infinity : Number(t);
      else a[part as 'timing' | 'direction' | 'fillMode' | 'playState'] = t;
    } else if (take('name') && t !== 'none' && !CSS_WIDE.has(t)) {
      a.name = token;
    }
  }
  return a;
}

/**
 * The animations of an `animation` shorthand value, one per comma item, as CSS assigns its tokens: the first time
 * is the duration and the second the delay; a keyword goes to the first part it is valid for that is not set yet
 * (so `none` is a fill mode before it is a name); what is left names the keyframes. `!important` is ignored. The one
 * reader of the shorthand for the gate, the native engine and the parity check.
 */
export function parseAnimations(value: string): ParsedAnimation[] {
  return splitTopLevel(value.replace(/!\s*important\s*$/i, ''), ',').map(parseOne);
}
