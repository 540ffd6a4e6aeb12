/**
 * CSS colour recognition, kept strict on purpose: a colour value is written into an inline `style` attribute, so
 * anything beyond a plain colour (`;`, `url(`, quotes) must be refused here rather than escaped later.
 * Pure and dependency free: the API reuses it through validateModificationValue.
 */

// CSS Color Module Level 4 named colours (plus the two keywords that behave like colours in our bindings).
const NAMED = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
    'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod ' +
    'darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon ' +
    'darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray ' +
    'dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green ' +
    'greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon ' +
    'lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon ' +
    'lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta ' +
    'maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen ' +
    'mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive ' +
    'olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru ' +
    'pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen ' +
    'seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato ' +
    'turquoise violet wheat white whitesmoke yellow yellowgreen transparent currentcolor'
  ).split(' '),
);

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUM = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?`;
const PCT_OR_NUM = new RegExp(`^(?:${NUM})%?$`, 'i');
const HUE = new RegExp(`^(?:${NUM})(?:deg|rad|grad|turn)?$`, 'i');
const FUNC = /^(rgba?|hsla?)\((.*)\)$/i;

/** True for `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()/rgba()/hsl()/hsla()` (comma or space syntax) and named colours. */
export function isCssColor(value: string): boolean {
  const v = value.trim();
  if (v.length === 0 || v.length > 100) return false;
  if (HEX.test(v)) return true;
  if (NAMED.has(v.toLowerCase())) return true;
  const m = FUNC.exec(v);
  if (!m) return false;
  const fn = m[1]!.toLowerCase();
  const body = m[2]!.trim();
  let parts: string[];
  let alpha: string | undefined;
  if (body.includes(',')) {
    parts = body.split(',').map((s) => s.trim());
    if (parts.length === 4) alpha = parts.pop();
  } else {
    const [main, a, ...rest] = body.split('/').map((s) => s.trim());
    if (rest.length > 0 || main === undefined) return false;
    parts = main.split(/\s+/);
    alpha = a;
    if (a !== undefined && a.length === 0) return false;
  }
  if (parts.length !== 3) return false;
  if (alpha !== undefined && !PCT_OR_NUM.test(alpha)) return false;
  if (fn.startsWith('rgb')) return parts.every((p) => PCT_OR_NUM.test(p));
  return HUE.test(parts[0]!) && PCT_OR_NUM.test(parts[1]!) && PCT_OR_NUM.test(parts[2]!);
}
