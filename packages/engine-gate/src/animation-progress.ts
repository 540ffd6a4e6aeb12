import { splitTopLevel } from './css-values';
import type { ParsedAnimation } from './parse-animations';

type Easing = (x: number) => number;

const KEYWORDS: Record<string, [number, number, number, number]> = {
  ease: [0.25, 0.1, 0.25, 1],
  'ease-in': [0.42, 0, 1, 1],
  'ease-out': [0, 0, 0.58, 1],
  'ease-in-out': [0.42, 0, 0.58, 1],
};

/** `cubic-bezier(x1, y1, x2, y2)` as CSS Easing defines it: y at the curve's parameter whose x is the input. */
function cubicBezier(x1: number, y1: number, x2: number, y2: number): Easing {
  const at = (a: number, b: number, s: number) => 3 * a * s * (1 - s) ** 2 + 3 * b * s * s * (1 - s) + s ** 3;
  return (x) => {
    if (x <= 0 || x >= 1) return x <= 0 ? 0 : 1;
    let lo = 0;
    let hi = 1;
    // bisection: x(s) is monotonic on [0, 1] since x1 and x2 are in [0, 1]; 40 halvings is far below a pixel
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (at(x1, x2, mid) < x) lo = mid;
      else hi = mid;
    }
    return at(y1, y2, (lo + hi) / 2);
  };
}

/** `steps(n, position)`; `before` is false: the animation runs forward, not at a step's exact edge from above. */
function steps(n: number, position: string): Easing {
  const jumps = position === 'jump-none' ? n - 1 : position === 'jump-both' ? n + 1 : n;
  const start = position === 'start' || position === 'jump-start' || position === 'jump-both';
  return (x) => {
    let step = Math.floor(x * n) + (start ? 1 : 0);
    if (x >= 1) step = start || position === 'jump-none' ? jumps : n;
    return Math.min(Math.max(step / jumps, 0), 1);
  };
}

/** A timing function (lower case, as parseAnimations gives it) as a function of progress, or null when unknown. */
export function easingOf(timing: string): Easing | null {
  const t = timing.trim().toLowerCase();
  if (t === 'linear') return (x) => x;
  if (KEYWORDS[t]) return cubicBezier(...KEYWORDS[t]);
  if (t === 'step-start') return steps(1, 'start');
  if (t === 'step-end') return steps(1, 'end');
  const bezier = /^cubic-bezier\((.*)\)$/.exec(t);
  if (bezier) {
    const n = splitTopLevel(bezier[1]!, ',').map(Number);
    if (n.length !== 4 || n.some((v) => !Number.isFinite(v)) || n[0]! < 0 || n[0]! > 1 || n[2]! < 0 || n[2]! > 1) return null;
    return cubicBezier(n[0]!, n[1]!, n[2]!, n[3]!);
  }
  const step = /^steps\(\s*(\d+)\s*(?:,\s*(start|end|jump-start|jump-end|jump-none|jump-both)\s*)?\)$/.exec(t);
  if (!step) return null;
  const n = Number(step[1]);
  const position = step[2] ?? 'end';
  return n >= (position === 'jump-none' ? 2 : 1) ? steps(n, position) : null;
}

/**
 * How far through its keyframes an animation is at `timeMs` of the document's clock (0 to 1, its direction applied,
 * not yet eased), or null where it has no effect (before its delay without a backwards fill, after its end without a
 * forwards fill), as CSS Animations and Web Animations compute it. A zero duration is not handled (null).
 */
export function directedProgress(a: ParsedAnimation, timeMs: number): number | null {
  if (!(a.durationMs > 0)) return null;
  const active = timeMs - a.delayMs;
  const end = a.iterations * a.durationMs;
  const fills = (mode: 'backwards' | 'forwards') => a.fillMode === mode || a.fillMode === 'both';
  let iteration: number;
  let progress: number;
  if (active < 0) {
    if (!fills('backwards')) return null;
    [iteration, progress] = [0, 0];
  } else if (active >= end) {
    if (!fills('forwards')) return null;
    const whole = Number.isInteger(a.iterations) && a.iterations > 0;
    [iteration, progress] = whole ? [a.iterations - 1, 1] : [Math.floor(a.iterations), a.iterations % 1];
  } else {
    iteration = Math.floor(active / a.durationMs);
    progress = (active - iteration * a.durationMs) / a.durationMs;
  }
  const forwards =
    a.direction === 'normal' || (a.direction === 'alternate' && iteration % 2 === 0) || (a.direction === 'alternate-reverse' && iteration % 2 === 1);
  return forwards ? progress : 1 - progress;
}
