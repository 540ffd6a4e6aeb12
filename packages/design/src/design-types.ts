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

export type Layer = TextLayer | ImageLayer | ShapeLayer | GroupLayer;
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
  [key: string]: unknown;
}

/** A template is designed when its canvas_data has a `layers` list; else its composition_html is hand-written. */
export function isDesignDocument(canvasData: unknown): canvasData is DesignDocument {
  return !!canvasData && typeof canvasData === 'object' && Array.isArray((canvasData as { layers?: unknown }).layers);
}

export const TEMPLATE_SOURCES = ['design', 'html'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

export const templateSource = (canvasData: unknown): TemplateSource => (isDesignDocument(canvasData) ? 'design' : 'html');
