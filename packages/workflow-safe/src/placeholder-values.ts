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
const NUM = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?`;
const PCT_OR_NUM_RE = new RegExp(`^(?:${NUM})%?$`, 'i');
const HUE_RE = new RegExp(`^(?:${NUM})(?:deg|rad|grad|turn)?$`, 'i');
const FUNC_RE = /^(rgba?|hsla?)\((.*)\)$/i;

/** The modification field that carries each placeholder type's value. */
export const VALUE_FIELD = { text: 'text', image: 'image_url', color: 'color', number: 'number' } as const satisfies Record<PlaceholderType, string>;

/** Longest text value a text placeholder takes (the renderer's limit). */
export const MAX_TEXT_LENGTH = 10_000;

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

/**
 * Hex (#rgb, #rgba, #rrggbb, #rrggbbaa), a named color, or rgb()/rgba()/hsl()/hsla() in comma or space syntax.
 * Strict on purpose (same rules as the renderer): the value lands in an inline style attribute, so anything
 * beyond a plain color (`;`, `url(`, quotes) is refused rather than escaped later.
 */
export function isCssColor(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const v = value.trim();
  if (v.length === 0 || v.length > 100) return false;
  if (HEX_RE.test(v) || NAMED_COLORS.has(v.toLowerCase())) return true;
  const m = FUNC_RE.exec(v);
  if (!m) return false;
  const body = m[2]!.trim();
  let parts: string[];
  let alpha: string | undefined;
  if (body.includes(',')) {
    parts = body.split(',').map((p) => p.trim());
    if (parts.length === 4) alpha = parts.pop();
  } else {
    const [main, a, ...rest] = body.split('/').map((p) => p.trim());
    if (rest.length > 0 || main === undefined || a === '') return false;
    parts = main.split(/\s+/);
    alpha = a;
  }
  if (parts.length !== 3 || (alpha !== undefined && !PCT_OR_NUM_RE.test(alpha))) return false;
  if (m[1]!.toLowerCase().startsWith('rgb')) return parts.every((p) => PCT_OR_NUM_RE.test(p));
  return HUE_RE.test(parts[0]!) && PCT_OR_NUM_RE.test(parts[1]!) && PCT_OR_NUM_RE.test(parts[2]!);
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
      if (typeof value !== 'string') return 'must be a string for a text placeholder';
      return value.length > MAX_TEXT_LENGTH ? `must be at most ${MAX_TEXT_LENGTH} characters` : null;
    case 'image':
      return isImageRef(value)
        ? null
        : `must be an http(s) URL (at most ${MAX_IMAGE_URL_LENGTH} characters), a data:image/... URL or asset://<uuid>`;
    case 'color':
      return isCssColor(value) ? null : 'must be a CSS color (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a color name)';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a finite number for a number placeholder';
    default:
      return `has an unknown placeholder type; expected one of: ${PLACEHOLDER_TYPES.join(', ')}`;
  }
}
