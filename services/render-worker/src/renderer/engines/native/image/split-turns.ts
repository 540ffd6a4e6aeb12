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
function pairOf(a: string, b: string): { p: Fn[]; q: Fn[]; turn: number } | null {
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

const valueAt = ({ p, q }: { p: Fn[]; q: Fn[] }, y: number) =>
  p.map((f, i) => (f.deg === null ? `${f.name}(${f.raw})` : `${f.name}(${Math.round((f.deg + (q[i]!.deg! - f.deg) * y) * 1e4) / 1e4}deg)`)).join(' ');

/**
 * The inputs (0 to 1) at which a segment turning `turn` degrees is cut, its easing applied between them: evenly, into
 * as few pieces as keep each under MAX_STEP_DEG, or for a baked easing at least EASED_PIECES, doubled until each
 * piece's eased turn is under MAX_STEP_DEG too.
 */
function cuts(turn: number, ease: Easing | null): number[] {
  let n = ease ? Math.max(EASED_PIECES, Math.ceil(turn / MAX_STEP_DEG)) : Math.ceil(turn / MAX_STEP_DEG);
  const at = (k: number) => (ease ? ease(k / n) : k / n);
  while (ease && n < 4096 && Array.from({ length: n }, (_, k) => Math.abs(at(k + 1) - at(k)) * turn).some((d) => d > MAX_STEP_DEG)) n *= 2;
  return Array.from({ length: n - 1 }, (_, k) => (k + 1) / n);
}

type Keyframe = { f: Rule; offset: number; value: string };

/** A keyframes rule's frames when each has one offset and animates `transform` alone, by offset. */
function framesOf(rule: AtRule): Keyframe[] | null {
  const out: Keyframe[] = [];
  for (const f of (rule.nodes ?? []).filter((n): n is Rule => n.type === 'rule')) {
    const decls = f.nodes.filter((d) => d.type === 'decl');
    const offset = f.selectors.length === 1 ? keyframeOffset(f.selectors[0]!) : null;
    if (offset === null || decls.length !== 1 || decls[0]!.prop.toLowerCase() !== 'transform') return null;
    out.push({ f, offset, value: decls[0]!.value });
  }
  return out.sort((x, y) => x.offset - y.offset);
}

type Insert = { before: Rule; text: string };

/**
 * The keyframes a rule needs inserted for its turns to be split; with `ease`, every segment cut into linear pieces
 * that follow that easing (the uses then run it `linear`), which needs keyframes at 0 % and 100 % (a left-out one is
 * the element's own value, eased) and every segment readable. Null when the rule turns no half turn or cannot be split.
 */
function planRule(rule: AtRule, ease: Easing | null): Insert[] | null {
  const frames = framesOf(rule);
  if (!frames) return null;
  const pairs = frames.slice(1).map((b, i) => pairOf(frames[i]!.value, b.value));
  if (!pairs.some((pair) => pair && pair.turn >= 180)) return null;
  if (ease && (pairs.some((pair) => !pair) || frames[0]!.offset !== 0 || frames.at(-1)!.offset !== 1)) return null;
  return pairs.flatMap((pair, i) => {
    if (!pair || (!ease && pair.turn < 180)) return [];
    const [a, b] = [frames[i]!, frames[i + 1]!];
    return cuts(pair.turn, ease).map((x) => ({
      before: b.f,
      text: `${Math.round((a.offset + (b.offset - a.offset) * x) * 1e6) / 1e4}% { transform: ${valueAt(pair, ease ? ease(x) : x)} }`,
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

/** An `animation` item with its timing function `linear`, every other part written out. */
const linearItem = (a: ParsedAnimation) =>
  [`${a.durationMs}ms`, 'linear', `${a.delayMs}ms`, a.iterations === Infinity ? 'infinite' : String(a.iterations), a.direction, a.fillMode, a.playState, a.name].join(' ');

/** Every `animation` that runs one of `names` now runs it `linear`, its easing being in the keyframes. */
function runLinear(root: Root, names: Set<string>): boolean {
  let changed = false;
  root.walkDecls((d) => {
    if (d.prop.toLowerCase() !== 'animation') return;
    const items = splitTopLevel(d.value.replace(/!\s*important\s*$/i, ''), ',');
    const parsed = parseAnimations(d.value);
    if (!parsed.some((a) => a.name && names.has(a.name))) return;
    d.value = parsed.map((a, i) => (a.name && names.has(a.name) ? linearItem(a) : items[i]!)).join(', ');
    changed = true;
  });
  return changed;
}

/**
 * The document's stylesheets with every keyframes turn of half a turn or more split into segments of at most 90°.
 * takumi interpolates `transform` keyframes through the matrices they give, where CSS interpolates lists of the same
 * functions argument by argument: `rotate(0deg)` → `rotate(360deg)` is one matrix at both ends and stood still, and a
 * turn past half went the short way (docs/engines.md "A full turn, split"). Split, each segment's matrices turn the
 * way the angles do. Only keyframes that animate `transform` alone are split, and only where every use runs them with
 * one timing function: `linear` splits evenly; a curve (`ease`, `cubic-bezier()`) applies to each segment whole, so
 * it is baked into linear pieces and the uses run `linear` (takumi reads no per-keyframe timing function). `steps()`
 * is left as it is.
 */
export function splitTurns(css: string[]): string[] {
  if (!css.some((s) => /keyframes/i.test(s))) return css;
  const roots = css.map((s) => parseCss(s));
  const timing = timingByName(roots);
  if (timing.size === 0) return css;
  const plans: Array<{ root: number; name: string; eased: boolean; inserts: Insert[] | null }> = [];
  roots.forEach((root, i) =>
    root.walkAtRules((rule) => {
      const name = rule.params.trim();
      const t = timing.get(name);
      if (!isKeyframesRule(rule) || t === undefined || t.startsWith('step')) return;
      const ease = t === 'linear' ? null : easingOf(t);
      if (t === 'linear' || ease) plans.push({ root: i, name, eased: ease !== null, inserts: planRule(rule, ease) });
    }),
  );
  // an eased name is baked only where every rule of that name can be: its uses then all run linear
  const unbakeable = new Set(plans.filter((p) => p.eased && !p.inserts).map((p) => p.name));
  const applied = plans.filter((p) => p.inserts && !unbakeable.has(p.name));
  for (const plan of applied) for (const { before, text } of plan.inserts!) before.before(text);
  const changed = new Set(applied.map((p) => p.root));
  const baked = new Set(applied.filter((p) => p.eased).map((p) => p.name));
  return roots.map((root, i) => (runLinear(root, baked) || changed.has(i) ? root.toString() : css[i]!));
}
