import type { AtRule, Root, Rule } from 'postcss';
import { cssAngleDeg, easingOf, isKeyframesRule, keyframeOffset, parseAnimations, parseCss, splitTopLevel, type ParsedAnimation } from '@rp/engine-gate';

/** Transform functions whose one argument is an angle that CSS interpolates as a number. */
const ANGLE_FUNCTIONS = new Set(['rotate', 'rotatez', 'skewx', 'skewy']);
/** Each inserted segment turns at most this much: well short of half a turn, where a matrix path is ambiguous. */
const MAX_STEP_DEG = 90;
/**
 * Linear pieces a keyframe segment gets at least when its easing is baked in. Chords over a 32nd of the input stray
 * from `ease` by at most 0.15 % of the segment (0.54° of a full turn; 16 pieces 0.58 %, 2.1°), and from `ease-in`,
 * `-out` and `-in-out` by 0.05 %: under a pixel for a spinner's arc.
 */
const EASED_PIECES = 32;

type Fn = { name: string; raw: string; deg: number | null };
type Easing = (x: number) => number;
/** The properties a turn is split in: `transform`, and `rotate` given as one angle (read as `rotate(<angle>)`). */
type TurnProperty = 'transform' | 'rotate';
/** A timing function baked into the keyframes: a curve into linear pieces, `steps()` into one held piece per step. */
type Baking = { ease: Easing; steps: number | null };

function functionsOf(value: string): Fn[] | null {
  const fns: Fn[] = [];
  for (const token of splitTopLevel(value.trim(), ' ')) {
    const m = /^([a-zA-Z]+)\((.*)\)$/s.exec(token);
    if (!m) return null;
    const name = m[1]!.toLowerCase();
    fns.push({ name, raw: m[2]!.trim(), deg: ANGLE_FUNCTIONS.has(name) ? cssAngleDeg(m[2]!) : null });
  }
  return fns;
}

/** Two keyframes' lists that interpolate angle by angle, everything else the same at both; with their largest turn. */
function pairOf(a: string, b: string): Pair | null {
  const [p, q] = [functionsOf(a), functionsOf(b)];
  if (!p || !q || p.length !== q.length || p.some((f, i) => f.name !== q[i]!.name)) return null;
  let turn = 0;
  for (let i = 0; i < p.length; i++) {
    const [f, g] = [p[i]!, q[i]!];
    if (f.deg !== null && g.deg !== null) turn = Math.max(turn, Math.abs(g.deg - f.deg));
    else if (f.raw !== g.raw) return null;
  }
  return { p, q, turn };
}

type Pair = { p: Fn[]; q: Fn[]; turn: number };

/** The angle between two functions' angles at progress `y`. */
const angleAt = (f: Fn, g: Fn, y: number) => `${Math.round((f.deg! + (g.deg! - f.deg!) * y) * 1e4) / 1e4}deg`;

/** A pair's value of `prop` at progress `y`: a `transform` list angle by angle, or `rotate`'s one angle. */
const valueAt = (prop: TurnProperty, { p, q }: Pair, y: number) =>
  prop === 'rotate' ? angleAt(p[0]!, q[0]!, y) : p.map((f, i) => (f.deg === null ? `${f.name}(${f.raw})` : `${f.name}(${angleAt(f, q[i]!, y)})`)).join(' ');

/**
 * The inputs (0 to 1) at which a segment turning `turn` degrees is cut, with the progress each cut's keyframe takes:
 * unbaked, evenly into as few pieces as keep each under MAX_STEP_DEG; a baked curve into at least EASED_PIECES,
 * doubled until each piece's eased turn is under MAX_STEP_DEG too, each cut on the curve; baked steps at each step,
 * each cut holding the progress its step shows (the uses then run `step-end`, so no piece is interpolated).
 */
function cuts(turn: number, bake: Baking | null): Array<{ x: number; y: number }> {
  if (bake?.steps) return Array.from({ length: bake.steps - 1 }, (_, k) => ({ x: (k + 1) / bake.steps!, y: bake.ease((k + 1.5) / bake.steps!) }));
  const ease = bake?.ease ?? null;
  let n = ease ? Math.max(EASED_PIECES, Math.ceil(turn / MAX_STEP_DEG)) : Math.ceil(turn / MAX_STEP_DEG);
  const at = (k: number) => (ease ? ease(k / n) : k / n);
  while (ease && n < 4096 && Array.from({ length: n }, (_, k) => Math.abs(at(k + 1) - at(k)) * turn).some((d) => d > MAX_STEP_DEG)) n *= 2;
  return Array.from({ length: n - 1 }, (_, k) => ({ x: (k + 1) / n, y: at(k + 1) }));
}

type Keyframe = { f: Rule; offset: number; value: string };

/**
 * A keyframes rule's frames when each has one offset and animates one property alone, the same in every frame
 * (`transform`, or `rotate` as a single angle), by offset.
 */
function framesOf(rule: AtRule): { prop: TurnProperty; frames: Keyframe[] } | null {
  const frames: Keyframe[] = [];
  let animated: TurnProperty | null = null;
  for (const f of (rule.nodes ?? []).filter((n): n is Rule => n.type === 'rule')) {
    const decls = f.nodes.filter((d) => d.type === 'decl');
    const offset = f.selectors.length === 1 ? keyframeOffset(f.selectors[0]!) : null;
    const prop = decls.length === 1 ? decls[0]!.prop.toLowerCase() : '';
    if (offset === null || (prop !== 'transform' && (prop !== 'rotate' || cssAngleDeg(decls[0]!.value) === null))) return null;
    if (animated !== null && prop !== animated) return null;
    animated = prop as TurnProperty;
    frames.push({ f, offset, value: prop === 'rotate' ? `rotate(${decls[0]!.value.trim()})` : decls[0]!.value });
  }
  return animated && { prop: animated, frames: frames.sort((x, y) => x.offset - y.offset) };
}

type Insert = { before: Rule; text: string };

/**
 * The keyframes a rule needs inserted for its turns to be split; with a baked timing function, every segment cut into
 * pieces that follow it (the uses then run `linear` or `step-end`), which needs keyframes at 0 % and 100 % (a
 * left-out one is the element's own value, eased) and every segment readable. Null when the rule turns no half turn
 * or cannot be split.
 */
function planRule(rule: AtRule, bake: Baking | null): Insert[] | null {
  const read = framesOf(rule);
  if (!read) return null;
  const { prop, frames } = read;
  const pairs = frames.slice(1).map((b, i) => pairOf(frames[i]!.value, b.value));
  if (!pairs.some((pair) => pair && pair.turn >= 180)) return null;
  if (bake && (pairs.some((pair) => !pair) || frames[0]!.offset !== 0 || frames.at(-1)!.offset !== 1)) return null;
  return pairs.flatMap((pair, i) => {
    if (!pair || (!bake && pair.turn < 180)) return [];
    const [a, b] = [frames[i]!, frames[i + 1]!];
    return cuts(pair.turn, bake).map(({ x, y }) => ({
      before: b.f,
      text: `${Math.round((a.offset + (b.offset - a.offset) * x) * 1e6) / 1e4}% { ${prop}: ${valueAt(prop, pair, y)} }`,
    }));
  });
}

/**
 * The one timing function each keyframes name is run with, by name; a name run with two is left out, and so is every
 * name when an `animation-name` or `animation-timing-function` longhand is anywhere (it could pair any name with any
 * timing).
 */
function timingByName(sheets: Root[]): Map<string, string> {
  const timing = new Map<string, string>();
  const mixed = new Set<string>();
  let longhands = false;
  for (const sheet of sheets) {
    sheet.walkDecls((d) => {
      const prop = d.prop.toLowerCase();
      if (prop === 'animation-name' || (prop === 'animation-timing-function' && !isKeyframesRule(d.parent?.parent as never))) longhands = true;
      if (prop !== 'animation') return;
      for (const a of parseAnimations(d.value)) {
        if (!a.name) continue;
        if ((timing.get(a.name) ?? a.timing) !== a.timing) mixed.add(a.name);
        timing.set(a.name, a.timing);
      }
    });
  }
  if (longhands) return new Map();
  for (const name of mixed) timing.delete(name);
  return timing;
}

/** An `animation` item with another timing function, every other part written out. */
const itemWithTiming = (a: ParsedAnimation, timing: string) =>
  [`${a.durationMs}ms`, timing, `${a.delayMs}ms`, a.iterations === Infinity ? 'infinite' : String(a.iterations), a.direction, a.fillMode, a.playState, a.name].join(' ');

/** Every `animation` that runs one of the baked names now runs it with the timing its keyframes were baked for. */
function runBaked(root: Root, baked: Map<string, string>): boolean {
  let changed = false;
  root.walkDecls((d) => {
    if (d.prop.toLowerCase() !== 'animation') return;
    const items = splitTopLevel(d.value.replace(/!\s*important\s*$/i, ''), ',');
    const parsed = parseAnimations(d.value);
    if (!parsed.some((a) => a.name && baked.has(a.name))) return;
    d.value = parsed.map((a, i) => (a.name && baked.has(a.name) ? itemWithTiming(a, baked.get(a.name)!) : items[i]!)).join(', ');
    changed = true;
  });
  return changed;
}

/**
 * `steps()` whose first step shows the start (the forms takumi runs alike: `end`, `jump-end`, `jump-none`), as its
 * number of steps; null for any other timing.
 */
function stepsOf(timing: string): number | null {
  const m = /^steps\(\s*(\d+)\s*(?:,\s*(?:end|jump-end|jump-none)\s*)?\)$/.exec(timing);
  return m ? Number(m[1]) : null;
}

/** How the uses' one timing function is baked, `linear` (not baked) or null (left as it is). */
function bakingOf(timing: string): Baking | 'linear' | null {
  if (timing === 'linear') return 'linear';
  const ease = easingOf(timing);
  if (!ease) return null;
  if (!timing.startsWith('step')) return { ease, steps: null };
  const steps = stepsOf(timing);
  return steps !== null && steps >= 2 ? { ease, steps } : null;
}

/**
 * The document's stylesheets with every keyframes turn of half a turn or more split into segments of at most 90°.
 * takumi interpolates `transform` and `rotate` keyframes through the matrices they give, where CSS interpolates
 * lists of the same functions argument by argument: `rotate(0deg)` → `rotate(360deg)` is one matrix at both ends and
 * stood still, and a turn past half went the short way (docs/engines.md "A full turn, split"). Split, each segment's
 * matrices turn the way the angles do. Only keyframes that animate `transform` alone, or `rotate` as one angle, are
 * split, and only where every use runs them with one timing function: `linear` splits evenly; a curve (`ease`,
 * `cubic-bezier()`) applies to each segment whole, so it is baked into linear pieces and the uses run `linear`
 * (takumi reads no per-keyframe timing function); `steps()` that shows the start first is baked into one keyframe
 * per step, held by `step-end`, since a stepped full turn lands on one matrix at every step.
 */
export function splitTurns(css: string[]): string[] {
  if (!css.some((s) => /keyframes/i.test(s))) return css;
  const roots = css.map((s) => parseCss(s));
  const timing = timingByName(roots);
  if (timing.size === 0) return css;
  const plans: Array<{ root: number; name: string; timing: string | null; inserts: Insert[] | null }> = [];
  roots.forEach((root, i) =>
    root.walkAtRules((rule) => {
      const name = rule.params.trim();
      const bake = isKeyframesRule(rule) && timing.has(name) ? bakingOf(timing.get(name)!) : null;
      if (!bake) return;
      const uses = bake === 'linear' ? null : bake.steps ? 'step-end' : 'linear';
      plans.push({ root: i, name, timing: uses, inserts: planRule(rule, bake === 'linear' ? null : bake) });
    }),
  );
  // a baked name is baked only where every rule of that name can be: its uses then all run the baked timing
  const unbakeable = new Set(plans.filter((p) => p.timing && !p.inserts).map((p) => p.name));
  const applied = plans.filter((p) => p.inserts && !unbakeable.has(p.name));
  for (const plan of applied) for (const { before, text } of plan.inserts!) before.before(text);
  const changed = new Set(applied.map((p) => p.root));
  const baked = new Map(applied.filter((p) => p.timing).map((p) => [p.name, p.timing!]));
  return roots.map((root, i) => (runBaked(root, baked) || changed.has(i) ? root.toString() : css[i]!));
}
