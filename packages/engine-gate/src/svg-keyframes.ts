import type { AtRule, Root } from 'postcss';
import { easingOf } from './animation-progress';
import { keyframeOffset } from './css-values';
import { isKeyframesRule } from './is-keyframes-rule';
import { interpolateValue, parseAnimatedValue, SVG_ANIMATED_PROPERTIES, type AnimatedValue } from './svg-animated-values';

/** One property's keyframes, by offset, each with the easing of the segment it starts (its own or the animation's). */
export type PropertyTrack = Array<{ offset: number; value: AnimatedValue; timing: string | null }>;

/** A `@keyframes` rule read for baking: each animated property's track, from offset 0 to 1. */
export type SvgKeyframes = Map<string, PropertyTrack>;

/** One keyframes rule's tracks, or the reason it cannot be baked. */
function readKeyframes(rule: AtRule): SvgKeyframes | string {
  const tracks: SvgKeyframes = new Map();
  for (const frame of rule.nodes ?? []) {
    if (frame.type !== 'rule') continue;
    const offsets = frame.selectors.map(keyframeOffset);
    if (offsets.some((o) => o === null)) return 'unsupported_animation:svg:keyframe-selector';
    let timing: string | null = null;
    for (const d of frame.nodes) if (d.type === 'decl' && d.prop.toLowerCase() === 'animation-timing-function') timing = d.value.toLowerCase();
    if (timing !== null && !easingOf(timing)) return `unsupported_animation:svg:timing`;
    for (const d of frame.nodes) {
      if (d.type !== 'decl') continue;
      const prop = d.prop.toLowerCase();
      if (prop === 'animation-timing-function') continue;
      if (!SVG_ANIMATED_PROPERTIES.has(prop)) return `unsupported_animation:svg:${prop}`;
      const value = parseAnimatedValue(prop, d.value);
      if (!value) return `unsupported_animation:svg:${prop}`;
      const track = tracks.get(prop) ?? [];
      for (const offset of offsets as number[]) {
        const same = track.findIndex((k) => k.offset === offset);
        if (same >= 0) track.splice(same, 1);
        track.push({ offset, value, timing });
      }
      tracks.set(prop, track);
    }
  }
  for (const [prop, track] of tracks) {
    track.sort((a, b) => a.offset - b.offset);
    // a keyframe left out at 0 % or 100 % is the element's own value, which the baking does not read
    if (track[0]!.offset !== 0 || track.at(-1)!.offset !== 1) return 'unsupported_animation:svg:implicit-keyframe';
    for (let i = 1; i < track.length; i++) if (!interpolateValue(track[i - 1]!.value, track[i]!.value, 0.5)) return `unsupported_animation:svg:${prop}`;
  }
  return tracks;
}

/** Every `@keyframes` rule of the sheets by name (the last of a name wins), each read or the reason it is not. */
export function svgKeyframes(sheets: Root[]): Map<string, SvgKeyframes | string> {
  const out = new Map<string, SvgKeyframes | string>();
  for (const sheet of sheets) {
    sheet.walkAtRules((rule) => {
      if (isKeyframesRule(rule)) out.set(rule.params.trim().replace(/^(["'])(.*)\1$/, '$2'), readKeyframes(rule));
    });
  }
  return out;
}

/** A track's value at a directed progress, the segment's easing (or `fallback`, the animation's) applied. */
export function trackValue(track: PropertyTrack, progress: number, fallback: string): AnimatedValue {
  let i = 0;
  while (i < track.length - 2 && progress > track[i + 1]!.offset) i++;
  const [a, b] = [track[i]!, track[i + 1] ?? track[i]!];
  if (b.offset === a.offset) return progress < b.offset ? a.value : b.value;
  const ease = easingOf(a.timing ?? fallback) ?? ((x: number) => x);
  return interpolateValue(a.value, b.value, ease((progress - a.offset) / (b.offset - a.offset)))!;
}
