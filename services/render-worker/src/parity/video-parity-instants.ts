import postcss, { type Declaration } from 'postcss';
import { frameTimeMs } from '../renderer/video/frame-time-ms';
import { cssTimeMs, parseAnimations, splitTopLevel, parseCss } from '@rp/engine-gate';

/** Frames compared per video version: the start, the middle, the end and up to three animations' midpoints. */
export const MAX_VIDEO_PARITY_SAMPLES = 6;

export interface ParityInstant {
  /** `t=1500ms`: the sample's name in the stored figures and images. */
  name: string;
  frame: number;
  timeMs: number;
}

/** An animation's first iteration: when it starts and how long it runs, in ms. */
export interface AnimationTiming {
  delayMs: number;
  durationMs: number;
}

/** Timings of one declaration block: the `animation` shorthand (first time the duration, second the delay), overridden by the longhands. */
function timingsOf(decls: Array<{ prop: string; value: string }>): AnimationTiming[] {
  let timings: AnimationTiming[] = [];
  for (const { prop, value } of decls) {
    const p = prop.toLowerCase();
    if (p === 'animation') {
      timings = parseAnimations(value).map((a) => ({ durationMs: a.durationMs, delayMs: a.delayMs }));
    } else if (p === 'animation-duration' || p === 'animation-delay') {
      const list = splitTopLevel(value, ',').map((t) => cssTimeMs(t) ?? 0);
      const key = p === 'animation-duration' ? 'durationMs' : 'delayMs';
      const n = Math.max(timings.length, list.length);
      timings = Array.from({ length: n }, (_, i): AnimationTiming => ({ ...(timings[i] ?? { durationMs: 0, delayMs: 0 }), [key]: list[i % list.length]! }));
    }
  }
  return timings;
}

/**
 * Every CSS animation's first-iteration timing in these stylesheets (postcss) and inline style declarations. A
 * stylesheet that does not parse contributes nothing: the instants then are the start, middle and end alone.
 */
export function animationTimings(sheets: string[], inlineStyles: string[] = []): AnimationTiming[] {
  const out: AnimationTiming[] = [];
  const blocks = [...sheets, ...inlineStyles.map((s) => `x{${s}}`)];
  for (const css of blocks) {
    let root: postcss.Root;
    try {
      root = parseCss(css);
    } catch {
      continue;
    }
    root.walkRules((rule) => {
      const decls = rule.nodes.filter((n): n is Declaration => n.type === 'decl').map((d) => ({ prop: d.prop, value: d.value }));
      out.push(...timingsOf(decls).filter((t) => t.durationMs > 0));
    });
  }
  return out;
}

/**
 * The instants a video version's parity check compares (docs/engines.md): frame 0, the middle frame, the last frame,
 * and for each animation an instant inside its easing (delay + duration/2 of its first iteration), as frames of the
 * render's rate; instants on the same frame count once, at most MAX_VIDEO_PARITY_SAMPLES in all.
 */
export function videoParityInstants(timings: AnimationTiming[], video: { fps: number; totalFrames: number }): ParityInstant[] {
  const last = Math.max(0, video.totalFrames - 1);
  const toFrame = (ms: number) => Math.min(last, Math.max(0, Math.round((ms * video.fps) / 1000)));
  const frames = [0, Math.floor(last / 2), last];
  for (const t of timings) frames.push(toFrame(t.delayMs + t.durationMs / 2));
  const unique = [...new Set(frames)].slice(0, MAX_VIDEO_PARITY_SAMPLES).sort((a, b) => a - b);
  return unique.map((frame) => {
    const timeMs = frameTimeMs(frame, video.fps);
    return { name: `t=${Math.round(timeMs)}ms`, frame, timeMs };
  });
}
