import type { AtRule, Root, Rule } from 'postcss';
import { isKeyframesRule, parseAnimations, parseCss, splitTopLevel } from '@rp/engine-gate';

/** Transform functions whose one argument is an angle that CSS interpolates as a number. */
const ANGLE_FUNCTIONS = new Set(['rotate', 'rotatez', 'skewx', 'skewy']);
const ANGLE = /^([+-]?(?:\d+\.?\d*|\.\d+))(deg|turn|rad|grad)$/i;
const PER_DEG: Record<string, number> = { deg: 1, turn: 360, rad: 180 / Math.PI, grad: 0.9 };
/** Each inserted segment turns at most this much: well short of half a turn, where a matrix path is ambiguous. */
const MAX_STEP_DEG = 90;

type Fn = { name: string; raw: string; deg: number | null };

function functionsOf(value: string): Fn[] | null {
  const fns: Fn[] = [];
  for (const token of splitTopLevel(value.trim(), ' ')) {
    const m = /^([a-zA-Z]+)\((.*)\)$/s.exec(token);
    if (!m) return null;
    const angle = ANGLE_FUNCTIONS.has(m[1]!.toLowerCase()) ? ANGLE.exec(m[2]!.trim()) : null;
    fns.push({ name: m[1]!.toLowerCase(), raw: m[2]!.trim(), deg: angle ? Number(angle[1]) * PER_DEG[angle[2]!.toLowerCase()]! : null });
  }
  return fns;
}

/** The transform lists between two keyframes' that keep every turn under MAX_STEP_DEG, or null when none is needed. */
function between(a: string, b: string): string[] | null {
  const [p, q] = [functionsOf(a), functionsOf(b)];
  if (!p || !q || p.length !== q.length || p.some((f, i) => f.name !== q[i]!.name)) return null;
  let most = 0;
  for (let i = 0; i < p.length; i++) {
    const [f, g] = [p[i]!, q[i]!];
    if (f.deg !== null && g.deg !== null) most = Math.max(most, Math.abs(g.deg - f.deg));
    else if (f.raw !== g.raw) return null;
  }
  if (most < 180) return null;
  const n = Math.ceil(most / MAX_STEP_DEG);
  return Array.from({ length: n - 1 }, (_, k) =>
    p.map((f, i) => (f.deg === null ? `${f.name}(${f.raw})` : `${f.name}(${f.deg + ((q[i]!.deg! - f.deg) * (k + 1)) / n}deg)`)).join(' '));
}

/** Names of keyframes every use of which runs them `linear` (so a segment split in parts moves exactly as before). */
function linearNames(sheets: Root[]): Set<string> {
  const linear = new Set<string>();
  const other = new Set<string>();
  let longhands = false;
  for (const sheet of sheets) {
    sheet.walkDecls((d) => {
      const prop = d.prop.toLowerCase();
      if (prop === 'animation-name' || (prop === 'animation-timing-function' && !isKeyframesRule(d.parent?.parent as never))) longhands = true;
      if (prop !== 'animation') return;
      for (const a of parseAnimations(d.value)) if (a.name) (a.timing === 'linear' ? linear : other).add(a.name);
    });
  }
  return longhands ? new Set() : new Set([...linear].filter((n) => !other.has(n)));
}

/** One keyframes rule with its turns split, when it animates `transform` alone, one offset per keyframe. */
function splitRule(rule: AtRule): boolean {
  const frames = (rule.nodes ?? []).filter((n): n is Rule => n.type === 'rule');
  const offsetOf = (s: string) => (s === 'from' ? 0 : s === 'to' ? 1 : /^\d*\.?\d+%$/.test(s) ? parseFloat(s) / 100 : NaN);
  const keyed = frames.map((f) => ({ f, offset: f.selectors.length === 1 ? offsetOf(f.selectors[0]!.trim().toLowerCase()) : NaN, decls: f.nodes.filter((d) => d.type === 'decl') }));
  if (keyed.some((k) => Number.isNaN(k.offset) || k.decls.length !== 1 || (k.decls[0] as { prop: string }).prop.toLowerCase() !== 'transform')) return false;
  keyed.sort((x, y) => x.offset - y.offset);
  let changed = false;
  for (let i = 1; i < keyed.length; i++) {
    const [a, b] = [keyed[i - 1]!, keyed[i]!];
    const steps = between((a.decls[0] as { value: string }).value, (b.decls[0] as { value: string }).value);
    steps?.forEach((value, k) => {
      const offset = a.offset + ((b.offset - a.offset) * (k + 1)) / (steps.length + 1);
      b.f.before(`${Math.round(offset * 1e6) / 1e4}% { transform: ${value} }`);
      changed = true;
    });
  }
  return changed;
}

/**
 * The document's stylesheets with every keyframes turn of half a turn or more split into segments of at most 90°.
 * takumi interpolates `transform` keyframes through the matrices they give, where CSS interpolates lists of the same
 * functions argument by argument: `rotate(0deg)` → `rotate(360deg)` is one matrix at both ends and stood still, and a
 * turn past half went the short way (docs/engines.md "A full turn stands still natively"). Split, each segment's
 * matrices turn the way the angles do. Only keyframes that animate `transform` alone and are run `linear` everywhere
 * are split: another timing function applies to each segment whole, and splitting would change the motion.
 */
export function splitTurns(css: string[]): string[] {
  if (!css.some((s) => /keyframes/i.test(s))) return css;
  const roots = css.map((s) => parseCss(s));
  const names = linearNames(roots);
  if (names.size === 0) return css;
  return roots.map((root, i) => {
    let changed = false;
    root.walkAtRules((rule) => {
      if (isKeyframesRule(rule) && names.has(rule.params.trim())) changed = splitRule(rule) || changed;
    });
    return changed ? root.toString() : css[i]!;
  });
}
