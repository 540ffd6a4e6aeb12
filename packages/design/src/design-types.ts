/** A solid CSS colour or a linear gradient (angle in degrees, stops at offsets 0-1). */
export type Paint = string | LinearGradient;

export interface LinearGradient {
  type: 'linear';
  angle: number;
  stops: Array<{ offset: number; color: string }>;
}

/** A layer's box on one size variant (x, y, width, height of the unrotated box, in px). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A CSS timing keyword, or a cubic Bézier curve's four numbers (`cubic-bezier(x1, y1, x2, y2)`). */
export type Easing = (typeof EASING_KEYWORDS)[number] | [number, number, number, number];
export const EASING_KEYWORDS = ['linear', 'ease', 'ease-in', 'ease-out', 'ease-in-out', 'step-start', 'step-end'] as const;

/** Enter and exit presets; `typewriter` and `stagger` animate a text's letters. */
export const MOTION_PRESETS = ['fade', 'slide', 'scale', 'wipe', 'typewriter', 'stagger'] as const;
export type MotionPreset = (typeof MOTION_PRESETS)[number];
export const LETTER_PRESETS: readonly MotionPreset[] = ['typewriter', 'stagger'];
export const SIDES = ['left', 'right', 'top', 'bottom'] as const;
export type Side = (typeof SIDES)[number];

/** How a layer comes in (`enter`) or goes out (`exit`), on the video's timeline. */
export interface Motion {
  preset: MotionPreset;
  /** ms from the start of the video */
  start_ms: number;
  duration_ms: number;
  /** Default `ease`. */
  easing?: Easing;
  /** slide and wipe: the side it comes from (enter) or leaves by (exit); default left. */
  side?: Side;
  /** slide: px travelled; default the layer's width (left, right) or height (top, bottom). */
  distance?: number;
  /** scale: the scale it grows from (enter) or shrinks to (exit); default 0. */
  scale?: number;
}

/** A property's value at an instant; `easing` shapes the way to the next keyframe (default `ease`). */
export interface Keyframe<V> {
  t_ms: number;
  value: V;
  easing?: Easing;
}

/** Keyframed properties of a layer: each a list of keyframes in time order. */
export interface LayerKeyframes {
  x?: Array<Keyframe<number>>;
  y?: Array<Keyframe<number>>;
  width?: Array<Keyframe<number>>;
  height?: Array<Keyframe<number>>;
  /** degrees */
  rotation?: Array<Keyframe<number>>;
  opacity?: Array<Keyframe<number>>;
  scale?: Array<Keyframe<number>>;
  /** rect and ellipse: a solid fill colour */
  fill?: Array<Keyframe<string>>;
  /** text: the text colour */
  color?: Array<Keyframe<string>>;
}
export type KeyframedProperty = keyof LayerKeyframes;

interface LayerBase extends Box {
  /** Unique in the document: a-z, A-Z, 0-9, _ and -. */
  id: string;
  name?: string;
  /** Degrees, clockwise, about the box's centre. */
  rotation?: number;
  opacity?: number;
  visible?: boolean;
  /** Editor only: a locked layer cannot be selected on the canvas. */
  locked?: boolean;
  /** The box on a size variant (`canvas_data.variants[].name`) where it differs from the template size's. */
  variants?: Record<string, Box>;
  /** Video templates: how the layer comes in and goes out. */
  enter?: Motion;
  exit?: Motion;
  /** Video templates: properties animated through keyframes. */
  keyframes?: LayerKeyframes;
}

export type TextOverflow = { mode: 'clip' } | { mode: 'ellipsis' } | { mode: 'fit'; min_size: number };

export interface TextShadow {
  x: number;
  y: number;
  blur: number;
  color: string;
}

export interface TextLayer extends LayerBase {
  type: 'text';
  text: string;
  font_family?: string;
  font_weight?: number;
  font_style?: 'normal' | 'italic';
  /** px; with `overflow.mode: fit` the largest size, which the renderer shrinks down to `overflow.min_size`. */
  font_size?: number;
  color?: string;
  align?: 'left' | 'center' | 'right' | 'justify';
  vertical_align?: 'top' | 'middle' | 'bottom';
  /** Multiple of the font size. */
  line_height?: number;
  /** px */
  letter_spacing?: number;
  transform?: 'none' | 'uppercase' | 'lowercase' | 'capitalize';
  shadow?: TextShadow | null;
  overflow?: TextOverflow;
  bindings?: { text?: string; color?: string };
}

export interface ImageLayer extends LayerBase {
  type: 'image';
  /** asset://<uuid>, http(s) or data:image; null: only the bound placeholder supplies it. */
  src?: string | null;
  fit?: 'cover' | 'contain' | 'fill';
  /** The point (0-1 of each edge) kept in view when `cover` crops. */
  focal?: { x: number; y: number };
  corner_radius?: number;
  bindings?: { src?: string };
}

export interface ShapeLayer extends LayerBase {
  type: 'rect' | 'ellipse';
  fill?: Paint | null;
  stroke?: { color: string; width: number } | null;
  /** rect only */
  corner_radius?: number;
  bindings?: { fill?: string };
}

export interface GroupLayer extends LayerBase {
  type: 'group';
  /** Children's x and y are relative to the group's box. */
  children: Layer[];
}

export const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrLevel = (typeof QR_LEVELS)[number];

/** A QR code drawn as SVG: its modules fill the box (square, centred). */
export interface QrLayer extends LayerBase {
  type: 'qr';
  /** The encoded text (UTF-8); the default of a bound text placeholder. */
  value: string;
  /** Error correction: L 7%, M 15% (default), Q 25%, H 30% of the code may be damaged. */
  error_correction?: QrLevel;
  /** The dark modules; default #000000. */
  color?: string;
  /** The light modules and the quiet zone; default #ffffff, null transparent. */
  background?: string | null;
  /** The quiet zone around the code, in modules; default 4 (the QR specification's). */
  margin?: number;
  bindings?: { value?: string };
}

export type Layer = TextLayer | ImageLayer | ShapeLayer | QrLayer | GroupLayer;
export type LayerType = Layer['type'];

/** An uploaded font: one @font-face of the compiled HTML. */
export interface DesignFont {
  family: string;
  src: string;
  weight?: number;
  style?: 'normal' | 'italic';
}

/**
 * A designed template's `canvas_data`: the canvas is the template's width and height (one source of truth); the
 * keys every template may have (variants, duration_seconds, fps, transparent) keep their meaning.
 */
export interface DesignDocument {
  layers: Layer[];
  background?: Paint | null;
  fonts?: DesignFont[];
  variants?: Array<{ name: string; width: number; height: number; format?: string }>;
  /** Video templates: the length (default 5) and frame rate the renders fall back to, and the timeline's length. */
  duration_seconds?: number;
  fps?: number;
  [key: string]: unknown;
}

/** A template is designed when its canvas_data has a `layers` list; else its composition_html is hand-written. */
export function isDesignDocument(canvasData: unknown): canvasData is DesignDocument {
  return !!canvasData && typeof canvasData === 'object' && Array.isArray((canvasData as { layers?: unknown }).layers);
}

export const TEMPLATE_SOURCES = ['design', 'html'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

export const templateSource = (canvasData: unknown): TemplateSource => (isDesignDocument(canvasData) ? 'design' : 'html');
