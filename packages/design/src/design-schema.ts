// The JSON Schema of the design document (design-types.ts), for the API's body validation and the OpenAPI document.
// What a schema cannot say (colours, image sources, unique ids, binding types) is checked by checkDesign.

import { QR_LEVELS } from './design-types';
import { motionProperties } from './motion-schema';
import { binding, color, coord, COORD, extent, opacity } from './schema-values';

export { BINDING_NAME_PATTERN } from './schema-values';
export const LAYER_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
/** Family names go into CSS: letters, digits, spaces, _ and - only. */
export const FONT_FAMILY_PATTERN = '^[A-Za-z0-9 _-]{1,64}$';
export const MAX_LAYERS_PER_LIST = 200;
/** Groups nest at most this deep (a group in a group in a group). */
export const MAX_GROUP_DEPTH = 3;

const box = {
  type: 'object',
  additionalProperties: false,
  required: ['x', 'y', 'width', 'height'],
  properties: { x: coord, y: coord, width: extent, height: extent },
} as const;

export const paintSchema = {
  title: 'DesignPaint',
  description: 'A CSS colour, or a linear gradient `{type: "linear", angle (deg), stops: [{offset 0-1, color}]}`.',
  anyOf: [
    color,
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'angle', 'stops'],
      properties: {
        type: { type: 'string', enum: ['linear'] },
        angle: { type: 'number', minimum: -360, maximum: 360 },
        stops: {
          type: 'array',
          minItems: 2,
          maxItems: 8,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['offset', 'color'],
            properties: { offset: { type: 'number', minimum: 0, maximum: 1 }, color },
          },
        },
      },
    },
  ],
} as const;

const common = {
  id: { type: 'string', pattern: LAYER_ID_PATTERN, description: 'Unique in the document.' },
  name: { type: 'string', maxLength: 120, description: 'Shown in the editor only.' },
  x: coord,
  y: coord,
  width: extent,
  height: extent,
  rotation: { type: 'number', minimum: -360, maximum: 360, description: 'Degrees clockwise about the centre of the box.' },
  opacity,
  visible: { type: 'boolean', description: 'A hidden layer is left out of the HTML (and its bindings out of the placeholders).' },
  locked: { type: 'boolean', description: 'Editor only.' },
  variants: {
    type: 'object',
    description: 'The box on a size variant, by variant name, where it differs from the template size.',
    propertyNames: { pattern: '^[a-z0-9][a-z0-9_-]{0,39}$' },
    additionalProperties: box,
  },
} as const;

const layer = <T extends string, P extends object>(title: string, type: readonly T[], props: P, description: string) =>
  ({
    title,
    description,
    type: 'object',
    additionalProperties: false,
    required: ['id', 'type', 'x', 'y', 'width', 'height'],
    properties: { type: { type: 'string', enum: type }, ...common, ...props },
  }) as const;


export const textLayerSchema = layer('DesignTextLayer', ['text'], {
  ...motionProperties('text'),
  text: { type: 'string', maxLength: 10_000, description: 'The content (escaped; newlines break lines); the default of a bound text placeholder.' },
  font_family: { type: 'string', pattern: FONT_FAMILY_PATTERN, description: 'An installed family (DejaVu Sans, Liberation Sans...) or one of `fonts`.' },
  font_weight: { type: 'integer', minimum: 100, maximum: 900 },
  font_style: { type: 'string', enum: ['normal', 'italic'] },
  font_size: { type: 'number', minimum: 1, maximum: 2000, description: 'px; with overflow fit, the largest size.' },
  color,
  align: { type: 'string', enum: ['left', 'center', 'right', 'justify'] },
  vertical_align: { type: 'string', enum: ['top', 'middle', 'bottom'] },
  line_height: { type: 'number', minimum: 0.5, maximum: 5, description: 'A multiple of the font size.' },
  letter_spacing: { type: 'number', minimum: -100, maximum: 500, description: 'px' },
  transform: { type: 'string', enum: ['none', 'uppercase', 'lowercase', 'capitalize'] },
  shadow: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['x', 'y', 'blur', 'color'],
    properties: { x: { type: 'number', minimum: -500, maximum: 500 }, y: { type: 'number', minimum: -500, maximum: 500 }, blur: { type: 'number', minimum: 0, maximum: 500 }, color },
  },
  overflow: {
    type: 'object',
    description: '`clip` (default): cut at the box; `ellipsis`: one line ending in …; `fit`: shrink from font_size down to min_size.',
    required: ['mode'],
    additionalProperties: false,
    properties: { mode: { type: 'string', enum: ['clip', 'ellipsis', 'fit'] }, min_size: { type: 'number', minimum: 1, maximum: 2000 } },
  },
  bindings: {
    type: 'object',
    additionalProperties: false,
    properties: { text: { ...binding, description: 'A text placeholder that replaces `text`.' }, color: { ...binding, description: 'A color placeholder for the text colour.' } },
  },
}, 'A text box.');

export const imageLayerSchema = layer('DesignImageLayer', ['image'], {
  ...motionProperties('box'),
  src: { type: ['string', 'null'], maxLength: 2048, description: 'asset://<uuid>, an http(s) URL or a data:image URL (the checks of image_url).' },
  fit: { type: 'string', enum: ['cover', 'contain', 'fill'] },
  focal: {
    type: 'object',
    additionalProperties: false,
    required: ['x', 'y'],
    description: 'The point (0-1 across, 0-1 down) kept in view when cover crops; default the centre.',
    properties: { x: { type: 'number', minimum: 0, maximum: 1 }, y: { type: 'number', minimum: 0, maximum: 1 } },
  },
  corner_radius: { type: 'number', minimum: 0, maximum: COORD, description: 'px; half the shorter edge or more draws a circle or pill.' },
  bindings: { type: 'object', additionalProperties: false, properties: { src: { ...binding, description: 'An image placeholder that replaces `src`.' } } },
}, 'An image.');

export const shapeLayerSchema = layer('DesignShapeLayer', ['rect', 'ellipse'], {
  ...motionProperties('shape'),
  fill: { anyOf: [paintSchema, { type: 'null' }] },
  stroke: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['color', 'width'],
    properties: { color, width: { type: 'number', minimum: 0, maximum: 1000 } },
  },
  corner_radius: { type: 'number', minimum: 0, maximum: COORD, description: 'px, rect only.' },
  bindings: { type: 'object', additionalProperties: false, properties: { fill: { ...binding, description: 'A color placeholder for the fill.' } } },
}, 'A rectangle or ellipse.');

export const qrLayerSchema = layer('DesignQrLayer', ['qr'], {
  ...motionProperties('box'),
  value: { type: 'string', maxLength: 2953, description: 'The text the code holds (UTF-8; at most what a version 40 code at its level holds); the default of a bound text placeholder.' },
  error_correction: { type: 'string', enum: [...QR_LEVELS], description: 'How much of the code may be damaged and still read: L 7%, M 15% (default), Q 25%, H 30%.' },
  color: { ...color, description: 'The dark modules; default #000000.' },
  background: { anyOf: [color, { type: 'null' }], description: 'The light modules and the quiet zone; default #ffffff, null transparent.' },
  margin: { type: 'integer', minimum: 0, maximum: 40, description: 'The quiet zone around the code, in modules; default 4.' },
  bindings: { type: 'object', additionalProperties: false, properties: { value: { ...binding, description: 'A text placeholder that replaces `value`: each render draws its own code.' } } },
}, 'A QR code, drawn as SVG: square and centred in the box.');

/** The layer union by `type`: if/then, so an error names the field of the one branch that applies. */
function layerSchema(depth: number): object {
  const branches: Array<[string[], object]> = [
    [['text'], textLayerSchema],
    [['image'], imageLayerSchema],
    [['rect', 'ellipse'], shapeLayerSchema],
    [['qr'], qrLayerSchema],
  ];
  if (depth > 0) branches.push([['group'], groupSchema(depth - 1)]);
  const types = branches.flatMap(([t]) => t);
  return {
    // titled per nesting depth, so the OpenAPI document holds each once (build-openapi hoists titled schemas)
    title: depth === MAX_GROUP_DEPTH ? 'DesignLayer' : `DesignLayerAtDepth${MAX_GROUP_DEPTH - depth}`,
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string', enum: types } },
    allOf: branches.map(([t, then]) => ({ if: { properties: { type: { enum: t } }, required: ['type'] }, then })),
  };
}

function groupSchema(depth: number): object {
  return {
    title: `DesignGroupLayerAtDepth${MAX_GROUP_DEPTH - depth - 1}`,
    description: 'A group: its children are drawn inside its box (their x and y relative to it) and rotate and fade with it.',
    type: 'object',
    additionalProperties: false,
    required: ['id', 'type', 'x', 'y', 'width', 'height', 'children'],
    properties: {
      type: { type: 'string', enum: ['group'] },
      ...common,
      ...motionProperties('box'),
      children: { type: 'array', maxItems: MAX_LAYERS_PER_LIST, items: layerSchema(depth) },
    },
  };
}

export const designFontSchema = {
  title: 'DesignFont',
  type: 'object',
  additionalProperties: false,
  required: ['family', 'src'],
  properties: {
    family: { type: 'string', pattern: FONT_FAMILY_PATTERN },
    src: { type: 'string', pattern: '^asset://[0-9a-fA-F-]{36}$', description: 'An uploaded font asset.' },
    weight: { type: 'integer', minimum: 100, maximum: 900 },
    style: { type: 'string', enum: ['normal', 'italic'] },
  },
} as const;

/** The keys a design document adds to canvas_data (others, e.g. variants, keep their own rules). */
export const designProperties = {
  layers: {
    type: 'array',
    maxItems: MAX_LAYERS_PER_LIST,
    description: 'A design document (docs/templates.md "Designed templates"): the layers bottom to top. Its presence makes the template designed: composition_html and placeholders are compiled from it.',
    items: layerSchema(MAX_GROUP_DEPTH),
  },
  background: { description: 'The canvas background; absent or null: the page background.', anyOf: [paintSchema, { type: 'null' }] },
  fonts: { type: 'array', maxItems: 20, items: designFontSchema, description: 'Uploaded fonts the text layers use by family.' },
} as const;
