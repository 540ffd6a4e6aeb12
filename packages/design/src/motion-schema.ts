import { VIDEO_LIMITS } from '@rp/workflow-safe/lists';
import { EASING_KEYWORDS, LETTER_PRESETS, MOTION_PRESETS, SIDES } from './design-types';
import { color, coord, COORD, extent, opacity } from './schema-values';

// The JSON Schema of a layer's motion (design-types.ts Motion, LayerKeyframes). What a schema cannot say (the table
// holds each part, times in order and within the video, one animation per property) is checked by motionProblems.

/** The longest video there is: no instant of a timeline lies past it. */
const MAX_MS = VIDEO_LIMITS.duration_seconds.max * 1000;
const instant = { type: 'number', minimum: 0, maximum: MAX_MS, description: 'ms from the start of the video' } as const;

export const easingSchema = {
  title: 'DesignEasing',
  description: 'A CSS timing keyword, or `[x1, y1, x2, y2]` for `cubic-bezier(x1, y1, x2, y2)` (x1 and x2 from 0 to 1). Default `ease`.',
  anyOf: [
    { type: 'string', enum: [...EASING_KEYWORDS] },
    { type: 'array', minItems: 4, maxItems: 4, items: { type: 'number', minimum: -100, maximum: 100 } },
  ],
} as const;

const motion = (title: string, presets: readonly string[]) => ({
  title,
  description:
    'How the layer comes in (`enter`) or goes out (`exit`): `fade`, `slide` (from or to `side`, by `distance` px, default its width or height), `scale` (from or to `scale`, default 0), `wipe` (a clip-path from `side`), and for text `typewriter` (the letters appear one by one) and `stagger` (the letters fade in one after another). Before an enter starts the layer is in its from-state; after an exit ends, in its to-state.',
  type: 'object',
  additionalProperties: false,
  required: ['preset', 'start_ms', 'duration_ms'],
  properties: {
    preset: { type: 'string', enum: [...presets] },
    start_ms: instant,
    duration_ms: { type: 'number', exclusiveMinimum: 0, maximum: MAX_MS, description: 'ms, more than 0' },
    easing: easingSchema,
    side: { type: 'string', enum: [...SIDES], description: 'slide, wipe: default left.' },
    distance: { type: 'number', minimum: 0, maximum: COORD, description: 'slide: px.' },
    scale: { type: 'number', minimum: 0, maximum: 100, description: 'scale: the scale at the far end, default 0.' },
  },
});

const track = (value: object, description: string) => ({
  type: 'array',
  minItems: 2,
  maxItems: 100,
  description,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['t_ms', 'value'],
    properties: { t_ms: instant, value, easing: { ...easingSchema, description: 'The way to the next keyframe; default ease.' } },
  },
});

const commonTracks = {
  x: track(coord, 'px'),
  y: track(coord, 'px'),
  width: track(extent, 'px'),
  height: track(extent, 'px'),
  rotation: track({ type: 'number', minimum: -3600, maximum: 3600 }, 'degrees clockwise'),
  opacity: track(opacity, '0-1'),
  scale: track({ type: 'number', minimum: 0, maximum: 100 }, 'about the centre of the box'),
};

const keyframes = (title: string, tracks: object) => ({
  title,
  description: 'Keyframed properties, each a list of `{t_ms, value, easing}` in time order: before the first keyframe the property has its value, after the last the last one.',
  type: 'object',
  additionalProperties: false,
  properties: tracks,
});

const BOX_PRESETS = MOTION_PRESETS.filter((p) => !LETTER_PRESETS.includes(p));
const boxMotion = motion('DesignBoxMotion', BOX_PRESETS);
const textMotion = motion('DesignTextMotion', MOTION_PRESETS);

const KINDS = {
  box: { motion: boxMotion, keyframes: keyframes('DesignKeyframes', commonTracks) },
  shape: { motion: boxMotion, keyframes: keyframes('DesignShapeKeyframes', { ...commonTracks, fill: track(color, 'the fill colour (a solid fill)') }) },
  text: { motion: textMotion, keyframes: keyframes('DesignTextKeyframes', { ...commonTracks, color: track(color, 'the text colour') }) },
};

/** The `enter`, `exit` and `keyframes` properties of a kind of layer (video templates). */
export function motionProperties(kind: keyof typeof KINDS) {
  const k = KINDS[kind];
  return { enter: k.motion, exit: k.motion, keyframes: k.keyframes } as const;
}
