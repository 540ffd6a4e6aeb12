// Pure edits of a layer's motion (enter, exit, keyframes) on a video's timeline: what the timeline panel's gestures
// and buttons do to the design document. Dragged times snap to 10 ms and stay within [0, the video's length].
import type { Keyframe, KeyframedProperty, Layer, Motion, MotionPreset } from '@rp/design';
import { mapLayer, type Doc } from './design-model';

export type MotionEnd = 'enter' | 'exit';

/** The timeline's length in ms: the document's duration_seconds, 5 s when unset. */
export const timelineMs = (doc: Doc): number => Math.round((doc.duration_seconds ?? 5) * 1000);

const clampMs = (ms: number, max: number) => Math.max(0, Math.min(max, Math.round(ms / 10) * 10));

/** Sets (or, with null, removes) a layer's enter or exit. */
export function withMotion(doc: Doc, id: string, end: MotionEnd, m: Motion | null): Doc {
  return { ...doc, layers: mapLayer(doc.layers, id, (l) => ({ ...l, [end]: m ?? undefined }) as Layer) };
}

/** A preset's default motion: an enter at the start of the video, an exit ending at its end; half a second long. */
export function presetMotion(doc: Doc, end: MotionEnd, preset: MotionPreset): Motion {
  const duration_ms = 500;
  const start_ms = end === 'enter' ? 0 : Math.max(0, timelineMs(doc) - duration_ms);
  return { preset, start_ms, duration_ms, easing: 'ease-out' };
}

/** A bar moved in time by `dms` (its length kept, it stays within the video). */
export function movedMotion(m: Motion, dms: number, total: number): Motion {
  return { ...m, start_ms: clampMs(m.start_ms + dms, total - m.duration_ms) };
}

/** A bar's end dragged by `dms`: its length changed, at least one frame-ish 10 ms, within the video. */
export function resizedMotion(m: Motion, dms: number, total: number): Motion {
  return { ...m, duration_ms: Math.max(10, clampMs(m.duration_ms + dms, total - m.start_ms)) };
}

type Track = Array<Keyframe<number | string>>;
const tracksOf = (l: Layer) => (l.keyframes ?? {}) as Partial<Record<KeyframedProperty, Track>>;

/** The keyframe instants of a layer over all its properties, each once, in order (the diamonds of its track). */
export function keyInstants(l: Layer): number[] {
  return [...new Set(Object.values(tracksOf(l)).flatMap((t) => (t ?? []).map((k) => k.t_ms)))].sort((a, b) => a - b);
}

/**
 * Every keyframe at `from` moved to `to` (one diamond stands for all properties keyed at that instant). A diamond
 * does not land on another one: there it stays where it was (merging would drop keyframes a track needs).
 */
export function movedKeyInstant(doc: Doc, id: string, from: number, to: number, total: number): Doc {
  const at = clampMs(to, total);
  return {
    ...doc,
    layers: mapLayer(doc.layers, id, (l) => {
      if (at !== from && keyInstants(l).includes(at)) return l;
      const tracks = Object.fromEntries(Object.entries(tracksOf(l)).map(([p, t]) => {
        const others = (t ?? []).filter((k) => k.t_ms !== from);
        const moved = (t ?? []).filter((k) => k.t_ms === from).map((k) => ({ ...k, t_ms: at }));
        return [p, [...others, ...moved].sort((a, b) => a.t_ms - b.t_ms)];
      }));
      return { ...l, keyframes: tracks } as Layer;
    }),
  };
}

/** A property's keyframe at `t` set to `value` (replacing one at the same instant), the track kept in time order. */
function upsert(track: Track | undefined, t: number, value: number): Track {
  return [...(track ?? []).filter((k) => k.t_ms !== t), { t_ms: t, value, easing: 'ease-in-out' as const }].sort((a, b) => a.t_ms - b.t_ms);
}

/**
 * Keys the layer's x and y (its box) at `t`. A track holds at least two keyframes, so the first key of a layer
 * also keys the same place at the other end of the video (0, or the end when `t` is 0).
 */
export function keyPosition(l: Layer, t: number, total: number): Layer {
  const tracks = tracksOf(l);
  const other = t === 0 ? total : 0;
  const x = tracks.x?.length ? upsert(tracks.x as Track, t, l.x) : upsert(upsert(undefined, other, l.x), t, l.x);
  const y = tracks.y?.length ? upsert(tracks.y as Track, t, l.y) : upsert(upsert(undefined, other, l.y), t, l.y);
  return { ...l, keyframes: { ...l.keyframes, x, y } } as Layer;
}

/** After a move on the canvas: a layer whose x or y is keyframed gets its new place keyed at the playhead. */
export function keyIfAnimated(l: Layer, t: number, total: number): Layer {
  const tracks = tracksOf(l);
  return tracks.x?.length || tracks.y?.length ? keyPosition(l, t, total) : l;
}
