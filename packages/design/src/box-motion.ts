import type { Keyframe, KeyframedProperty, Layer, Motion, Side } from './design-types';
import { LETTER_PRESETS } from './design-types';
import { cssColor, num, px } from './css-values';
import { keyframesName, planAnimation, type PlannedAnimation } from './motion-css';

type Decl = [property: string, value: string];

/** The CSS property each keyframed property animates and how its value is written. */
export const KEYFRAMED_CSS: Record<KeyframedProperty, readonly [string, (v: never) => string]> = {
  x: ['left', px],
  y: ['top', px],
  width: ['width', px],
  height: ['height', px],
  rotation: ['rotate', (v: number) => `${num(v)}deg`],
  opacity: ['opacity', num],
  scale: ['scale', num],
  fill: ['background-color', cssColor],
  color: ['color', cssColor],
};

const INSET_HIDDEN: Record<Side, string> = { left: 'inset(0 100% 0 0)', right: 'inset(0 0 0 100%)', top: 'inset(0 0 100% 0)', bottom: 'inset(100% 0 0 0)' };

/** A box preset's two states: `away` (before it has come in, after it has gone) and `shown`. */
function presetStates(l: Layer, m: Motion): { away: Decl[]; shown: Decl[] } {
  const side = m.side ?? 'left';
  switch (m.preset) {
    case 'fade':
      return { away: [['opacity', '0']], shown: [['opacity', num(l.opacity ?? 1)]] };
    case 'slide': {
      const d = m.distance ?? (side === 'left' || side === 'right' ? l.width : l.height);
      const offset = { left: [-d, 0], right: [d, 0], top: [0, -d], bottom: [0, d] }[side];
      return { away: [['translate', `${px(offset[0]!)} ${px(offset[1]!)}`]], shown: [['translate', '0px 0px']] };
    }
    case 'scale':
      return { away: [['scale', num(m.scale ?? 0)]], shown: [['scale', '1']] };
    default: // wipe
      return { away: [['clip-path', INSET_HIDDEN[side]]], shown: [['clip-path', 'inset(0 0 0 0)']] };
  }
}

/** An enter (from away, holding it before its start) or an exit (to away, holding it after its end) of the box. */
function presetAnimation(l: Layer, role: 'enter' | 'exit'): PlannedAnimation | null {
  const m = l[role];
  if (!m || LETTER_PRESETS.includes(m.preset)) return null;
  const { away, shown } = presetStates(l, m);
  const enter = role === 'enter';
  return planAnimation({
    field: role,
    name: keyframesName(l.id, role),
    from: enter ? away : shown,
    to: enter ? shown : away,
    durationMs: m.duration_ms,
    delayMs: m.start_ms,
    easing: m.easing,
    fill: enter ? 'backwards' : 'forwards',
  });
}

/**
 * The table measured `rotate` over a quarter turn; a turn of half a circle or more between two keyframes the native
 * engine draws another way (measured: 0 to 180deg is up to 37 of 255 off Chromium mid-way, 0 to 170deg matches), so
 * such a segment needs an entry the table does not hold: add a keyframe between.
 */
const HALF_TURN = ['properties', 'rotate:half-turn-or-more'] as const;

/**
 * The animations of a layer's own element, in the order of its `animation` list: the keyframed properties (in the
 * order of KEYFRAMED_CSS), then the enter and the exit presets that move the box (letter presets animate the
 * text's letters instead).
 */
export function boxAnimations(l: Layer): PlannedAnimation[] {
  const tracks = (Object.keys(KEYFRAMED_CSS) as KeyframedProperty[]).flatMap((p) => {
    const frames = l.keyframes?.[p] as Array<Keyframe<number | string>> | undefined;
    return frames && frames.length > 1 ? trackAnimations(l, p, frames) : [];
  });
  return [...tracks, presetAnimation(l, 'enter'), presetAnimation(l, 'exit')].filter((a): a is PlannedAnimation => a !== null);
}

/** The CSS properties each part of a layer's motion animates on its box, by field (to find two that collide). */
export function boxProperties(l: Layer): Array<{ field: string; properties: string[] }> {
  return boxAnimations(l).map((a) => ({ field: a.field, properties: a.keys.filter(([k]) => k === 'properties').map(([, p]) => p) }));
}

/**
 * A keyframed property: one animation per segment between two keyframes, each with its own easing (the table does
 * not hold a timing function per keyframe). The first holds its start value before it (`both`), the others take
 * over from the instant they start (`forwards`, later in the list), so at any instant the segment that started last
 * sets the value and the last keyframe's value stays after it.
 */
function trackAnimations(l: Layer, prop: KeyframedProperty, frames: Array<Keyframe<number | string>>): PlannedAnimation[] {
  const [css, write] = KEYFRAMED_CSS[prop] as readonly [string, (v: number | string) => string];
  const sorted = frames.map((k, i) => ({ k, i })).sort((a, b) => a.k.t_ms - b.k.t_ms);
  return sorted.slice(0, -1).map(({ k, i }, s) => {
    const next = sorted[s + 1]!.k;
    const planned = planAnimation({
      field: `keyframes.${prop}[${i}]`,
      name: keyframesName(l.id, `${prop}${s}`),
      from: [[css, write(k.value)]],
      to: [[css, write(next.value)]],
      durationMs: next.t_ms - k.t_ms,
      delayMs: k.t_ms,
      easing: k.easing,
      fill: s === 0 ? 'both' : 'forwards',
    });
    return prop === 'rotation' && Math.abs(Number(next.value) - Number(k.value)) >= 180 ? { ...planned, keys: [...planned.keys, HALF_TURN] } : planned;
  });
}
