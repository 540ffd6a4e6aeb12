/**
 * The faces the native engine registers at start-up: the families Chromium resolves here (read with CDP
 * `CSS.getPlatformFontsForNode` on this platform's fontconfig): the default and `serif`/`cursive`/`fantasy` are
 * Liberation Serif, `sans-serif`, Arial and Helvetica Liberation Sans, `monospace` Liberation Mono, `system-ui`
 * DejaVu Sans, and colour emoji Noto Color Emoji. Registration order is takumi's fallback chain for glyphs a face
 * lacks: the Liberation families, then the emoji font (Chromium draws emoji presentation in colour, while DejaVu
 * Sans has monochrome glyphs for some of them), then DejaVu for the rest of its wide coverage. A missing file is
 * skipped (logged by the engine process), so a smaller font set degrades to fallback glyphs, never a failed start.
 * Installed by scripts/setup.sh (fonts-dejavu-core, fonts-liberation, fonts-noto-color-emoji) and the worker image.
 */
export interface SystemFace {
  file: string;
  /** Registered under this family name (an alias such as Arial) instead of the one in the file. */
  name?: string;
  generic?: 'serif' | 'sans-serif' | 'monospace' | 'system-ui' | 'emoji' | 'cursive' | 'fantasy';
}

const ROOT = '/usr/share/fonts/truetype';
const STYLES = ['Regular', 'Bold', 'Italic', 'BoldItalic'];
const DEJAVU = ['', '-Bold', '-Oblique', '-BoldOblique'];

const liberation = (family: 'Serif' | 'Sans' | 'Mono' | 'SansNarrow', extra: Partial<SystemFace> = {}): SystemFace[] =>
  STYLES.map((s) => ({ file: `${ROOT}/liberation/Liberation${family}-${s}.ttf`, ...extra }));

export const SYSTEM_FACES: readonly SystemFace[] = [
  ...liberation('Serif', { generic: 'serif' }),
  ...liberation('Sans', { generic: 'sans-serif' }),
  ...liberation('Mono', { generic: 'monospace' }),
  ...liberation('SansNarrow'),
  { file: `${ROOT}/noto/NotoColorEmoji.ttf`, generic: 'emoji' },
  ...DEJAVU.map((s): SystemFace => ({ file: `${ROOT}/dejavu/DejaVuSans${s}.ttf`, generic: 'system-ui' })),
  ...DEJAVU.slice(0, 2).map((s): SystemFace => ({ file: `${ROOT}/dejavu/DejaVuSerif${s}.ttf` })),
  ...DEJAVU.slice(0, 2).map((s): SystemFace => ({ file: `${ROOT}/dejavu/DejaVuSansMono${s}.ttf` })),
  ...['Arial', 'Helvetica'].flatMap((name) => liberation('Sans', { name })),
  ...['Times New Roman', 'Times'].flatMap((name) => liberation('Serif', { name })),
  ...['Courier New', 'Courier'].flatMap((name) => liberation('Mono', { name })),
];

/** The family Chromium uses where a document names none. */
export const DEFAULT_FAMILY = 'Liberation Serif';
