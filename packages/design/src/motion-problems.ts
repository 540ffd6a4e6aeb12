import { NATIVE_ANIMATION_TABLE, VIDEO_DEFAULTS, type AnimationTable } from '@rp/workflow-safe/lists';
import type { DesignDocument, Easing, Keyframe, KeyframedProperty, Layer, Motion } from './design-types';
import { boxProperties } from './box-motion';
import { layerMotion } from './layer-motion';
import { declaredLayerPaths } from './layer-paths';

/** A problem with a field of the document (the API's 422 detail). */
export interface FieldProblem {
  field: string;
  message: string;
}

const hasMotion = (l: Layer): boolean => Boolean(l.enter || l.exit || Object.keys(l.keyframes ?? {}).length);

function easingProblem(e: Easing | undefined, field: string, out: FieldProblem[]): void {
  if (Array.isArray(e) && (e[0] < 0 || e[0] > 1 || e[2] < 0 || e[2] > 1)) out.push({ field, message: 'x1 and x2 of a cubic Bézier must be from 0 to 1' });
}

/** The enter and exit: on the timeline, within the video, the exit after the enter. */
function presetProblems(l: Layer, field: string, endMs: number, out: FieldProblem[]): void {
  const end = (m: Motion) => m.start_ms + m.duration_ms;
  for (const role of ['enter', 'exit'] as const) {
    const m = l[role];
    if (!m) continue;
    easingProblem(m.easing, `${field}.${role}.easing`, out);
    if (end(m) > endMs) out.push({ field: `${field}.${role}.duration_ms`, message: `ends at ${end(m)} ms, after the end of the video (${endMs} ms)` });
  }
  if (l.enter && l.exit && l.exit.start_ms < end(l.enter)) {
    out.push({ field: `${field}.exit.start_ms`, message: `starts before the enter ends (${end(l.enter)} ms)` });
  }
}

/** Each keyframed property: keyframes in time order within the video; a fill track on a solid fill. */
function trackProblems(l: Layer, field: string, endMs: number, out: FieldProblem[]): void {
  for (const [prop, frames] of Object.entries(l.keyframes ?? {}) as Array<[KeyframedProperty, Array<Keyframe<unknown>>]>) {
    const at = `${field}.keyframes.${prop}`;
    frames.forEach((k, i) => {
      easingProblem(k.easing, `${at}[${i}].easing`, out);
      if (i > 0 && k.t_ms <= frames[i - 1]!.t_ms) out.push({ field: `${at}[${i}].t_ms`, message: 'must be after the keyframe before it' });
      if (k.t_ms > endMs) out.push({ field: `${at}[${i}].t_ms`, message: `is after the end of the video (${endMs} ms)` });
    });
    const fill = (l as { fill?: unknown }).fill;
    if (prop === 'fill' && fill !== undefined && fill !== null && typeof fill !== 'string') {
      out.push({ field: at, message: 'animates a solid fill, and the layer is filled with a gradient' });
    }
  }
}

/** An enter or exit that animates a CSS property a keyframed property animates too: one would hide the other. */
function collisionProblems(l: Layer, field: string, out: FieldProblem[]): void {
  const parts = boxProperties(l);
  for (const preset of parts.filter((p) => p.field === 'enter' || p.field === 'exit')) {
    const track = parts.find((p) => p.field.startsWith('keyframes.') && p.properties.some((x) => preset.properties.includes(x)));
    if (track) {
      const name = track.field.replace(/\[\d+\]$/, '');
      out.push({ field: `${field}.${preset.field}`, message: `animates ${preset.properties.join(', ')}, as ${name} does: animate it with one of them` });
    }
  }
}

/**
 * What the schema cannot say about the motion of a design's layers: that it is a video's (an image renders the
 * instant before anything moves), that the measured animation table holds every part of it (layerMotion: a preset,
 * an easing or a keyframed property the native engine does not draw as Chromium does is refused here, not sent to
 * Chromium), that times are in order and within the video (`duration_seconds`, default 5), and that an enter or exit
 * and a keyframed property never animate the same CSS property. Every problem names its field.
 */
export function motionProblems(doc: DesignDocument, video: boolean, table: AnimationTable = NATIVE_ANIMATION_TABLE): FieldProblem[] {
  const out: FieldProblem[] = [];
  const seconds = typeof doc.duration_seconds === 'number' ? doc.duration_seconds : VIDEO_DEFAULTS.duration_seconds;
  const endMs = seconds * 1000;
  for (const { layer: l, field } of declaredLayerPaths(doc.layers, 'canvas_data.layers')) {
    if (!hasMotion(l)) continue;
    if (!video) {
      out.push({ field: `${field}.${l.enter ? 'enter' : l.exit ? 'exit' : 'keyframes'}`, message: 'animates, and only a video template plays animations' });
      continue;
    }
    for (const { field: part, key: [kind, key] } of layerMotion(l, table).refused) {
      // the field that chose the entry: a preset's property, an easing's timing function
      const at = kind === 'timing' ? `${part}.easing` : kind === 'properties' && !part.startsWith('keyframes') ? `${part}.preset` : part;
      out.push({ field: `${field}.${at}`, message: `needs \`${key}\`, which the native engine does not draw as Chromium does (the measured animation table): use another` });
    }
    presetProblems(l, field, endMs, out);
    trackProblems(l, field, endMs, out);
    collisionProblems(l, field, out);
  }
  return out;
}
