// Pure value checks shared by template saves (placeholder defaults) and render requests (modifications).
// Workflow-safe: no Node built-ins, only language globals.
import { PLACEHOLDER_TYPES, type PlaceholderType } from './constants';

/** Placeholder names are used in data-placeholder attributes and modification names: keep them selector-safe. */
export const PLACEHOLDER_NAME_PATTERN = '^[A-Za-z0-9_.-]{1,64}$';
const NAME_RE = new RegExp(PLACEHOLDER_NAME_PATTERN);

/** Longest http(s) image URL accepted (the bound the create-image request shows). */
export const MAX_IMAGE_URL_LENGTH = 2048;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATA_IMAGE_RE = /^data:image\/(png|jpeg|webp|gif|svg\+xml)(;[a-z0-9=.+-]*)*,/i;
const HEX_RE = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
// Loose on purpose: the browser is the final judge of a functional color; this only rejects text that cannot be one.
const FUNC_RE = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(\s*[-+0-9.%a-z\s,/]+\)$/i;

const NAMED_COLORS = new Set(
  (
    'transparent currentcolor aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
    'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue ' +
    'darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid ' +
    'darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink ' +
    'deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold ' +
    'goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush ' +
    'lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
    'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise ' +
    'palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue ' +
    'saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow ' +
    'springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'
  ).split(' '),
);

export const isPlaceholderName = (name: unknown): name is string => typeof name === 'string' && NAME_RE.test(name);

/** Hex (#rgb, #rgba, #rrggbb, #rrggbbaa), a named color, or a functional notation (rgb(), hsl(), oklch()...). */
export function isCssColor(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 100) return false;
  const v = value.trim();
  return HEX_RE.test(v) || NAMED_COLORS.has(v.toLowerCase()) || FUNC_RE.test(v);
}

/** An image reference a template or modification may carry: http(s) URL, data:image/... URL or asset://<uuid>. */
export function isImageRef(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (value.startsWith('asset://')) return UUID_RE.test(value.slice('asset://'.length));
  if (value.startsWith('data:')) return DATA_IMAGE_RE.test(value);
  if (value.length > MAX_IMAGE_URL_LENGTH || !/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Checks one value against a placeholder type. Returns null when it fits, else a message that completes
 * "<field> ...". null/undefined always fit (no value: the template's own content stays).
 */
export function checkPlaceholderValue(type: PlaceholderType | string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'text':
      return typeof value === 'string' ? null : 'must be a string for a text placeholder';
    case 'image':
      return isImageRef(value)
        ? null
        : `must be an http(s) URL (at most ${MAX_IMAGE_URL_LENGTH} characters), a data:image/... URL or asset://<uuid>`;
    case 'color':
      return isCssColor(value) ? null : 'must be a CSS color (#rrggbb, a color name, rgb(), hsl()...)';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a finite number for a number placeholder';
    default:
      return `has an unknown placeholder type; expected one of: ${PLACEHOLDER_TYPES.join(', ')}`;
  }
}
