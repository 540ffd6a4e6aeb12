import { EASING_KEYWORDS, LETTER_PRESETS, type Easing, type Layer, type Motion } from './design-types';
import { LAYER_ID_PATTERN } from './design-schema';
import { escapeHtml } from './css-values';
import { keyframesName, planAnimation, withMultiple, type AnimationParts, type PlannedAnimation } from './motion-css';

/** A text layer's letter presets (typewriter, stagger): what its letters' animations are computed from. */
export interface LetterSpec {
  id: string;
  enter?: Motion;
  exit?: Motion;
}

type Role = 'enter' | 'exit';

/** Letters past this many share the last one's timing: a long text is one span per letter, not one step each. */
export const MAX_TIMED_LETTERS = 400;

/** The letter presets of a layer, or null when it has none. */
export function letterSpec(l: Layer): LetterSpec | null {
  const pick = (m: Motion | undefined) => (m && LETTER_PRESETS.includes(m.preset) ? m : undefined);
  const spec: LetterSpec = { id: l.id, enter: pick(l.enter), exit: pick(l.exit) };
  return spec.enter || spec.exit ? spec : null;
}

/**
 * Letter i of n: a typewriter's letter is hidden until its instant (enter, first letter first) or from it (exit,
 * last letter first), the instants evenly spread over the duration; a stagger's letters fade in (out) one after
 * another, each over half the duration.
 */
function letterParts(spec: LetterSpec, role: Role, i: number, n: number): AnimationParts {
  const m = spec[role]!;
  const base = { field: role, easing: m.easing, durationMs: 0, delayMs: 0 };
  if (m.preset === 'typewriter') {
    const slot = m.duration_ms / n;
    const hidden: AnimationParts['from'] = [['opacity', '0']];
    const parts = { ...base, name: keyframesName(spec.id, 'lhide'), from: hidden, to: hidden, easing: 'linear' as const };
    return role === 'enter'
      ? { ...parts, durationMs: m.start_ms + (i + 1) * slot, fill: 'none' }
      : { ...parts, durationMs: slot, delayMs: m.start_ms + (n - i - 1) * slot, fill: 'forwards' };
  }
  const each = n > 1 ? m.duration_ms / 2 : m.duration_ms;
  const step = n > 1 ? (m.duration_ms - each) / (n - 1) : 0;
  const enter = role === 'enter';
  return {
    ...base,
    name: keyframesName(spec.id, enter ? 'lin' : 'lout'),
    from: [['opacity', enter ? '0' : '1']],
    to: [['opacity', enter ? '1' : '0']],
    durationMs: each,
    delayMs: m.start_ms + i * step,
    fill: enter ? 'backwards' : 'forwards',
  };
}

const roles = (spec: LetterSpec): Role[] => (['enter', 'exit'] as const).filter((r) => spec[r]);

/**
 * The letters' animations as the table judges them (their keyframes rules, and the keys of the last of two
 * letters, which has every part a letter can have) and the keyframes the compiled document declares.
 */
export function letterAnimations(spec: LetterSpec): PlannedAnimation[] {
  return withMultiple(roles(spec).map((r) => planAnimation(letterParts(spec, r, 1, 2))));
}

/**
 * The HTML of a text whose letters are animated: each letter a span with its animations (whitespace stays text,
 * newlines become <br>, everything escaped). The compiler writes it for the layer's text, and the renderer again
 * for a bound placeholder's text, so the letters of every render's own text are timed.
 */
export function letterSpansHtml(text: string, spec: LetterSpec): string {
  const chars = Array.from(text.replace(/\r\n?/g, '\n'));
  const n = Math.max(1, Math.min(MAX_TIMED_LETTERS, chars.filter((c) => !/\s/.test(c)).length));
  let i = 0;
  return chars
    .map((c) => {
      if (c === '\n') return '<br>';
      if (/\s/.test(c)) return escapeHtml(c);
      const at = Math.min(i++, n - 1);
      const items = roles(spec).map((r) => planAnimation(letterParts(spec, r, at, n)).item);
      return `<span style="animation:${items.join(',')}">${escapeHtml(c)}</span>`;
    })
    .join('');
}

const finite = (x: unknown, min: number, max: number): x is number => typeof x === 'number' && Number.isFinite(x) && x >= min && x <= max;

function readEasing(e: unknown): Easing | undefined | null {
  if (e === undefined) return undefined;
  if (typeof e === 'string') return (EASING_KEYWORDS as readonly string[]).includes(e) ? (e as Easing) : null;
  return Array.isArray(e) && e.length === 4 && e.every((x) => finite(x, -100, 100)) ? (e as Easing) : null;
}

function readMotion(m: unknown): Motion | undefined | null {
  if (m === undefined) return undefined;
  const o = m as Partial<Motion> | null;
  if (!o || !LETTER_PRESETS.includes(o.preset!) || !finite(o.start_ms, 0, 3_600_000) || !finite(o.duration_ms, 0, 3_600_000)) return null;
  const easing = readEasing(o.easing);
  return easing === null ? null : { preset: o.preset!, start_ms: o.start_ms, duration_ms: o.duration_ms, ...(easing ? { easing } : {}) };
}

/**
 * A letter spec read back from a document (the renderer's binding step): null unless every part is one the
 * compiler could have written, since a hand-written template may carry the attribute too.
 */
export function readLetterSpec(x: unknown): LetterSpec | null {
  const o = x as Partial<LetterSpec> | null;
  if (!o || typeof o.id !== 'string' || !new RegExp(LAYER_ID_PATTERN).test(o.id)) return null;
  const enter = readMotion(o.enter);
  const exit = readMotion(o.exit);
  if (enter === null || exit === null || (!enter && !exit)) return null;
  return { id: o.id, ...(enter ? { enter } : {}), ...(exit ? { exit } : {}) };
}
