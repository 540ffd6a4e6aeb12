import { checkVariantDeclarations, declaredVariants, ALPHA_FORMATS, GIF_LIMITS, IMAGE_FORMATS, VIDEO_FORMATS, checkPlaceholderValue, type Placeholder } from '@rp/workflow-safe';
import type { CapsConfig } from '@rp/config';
import type { ErrorDetail } from '@rp/errors';
import { VIDEO_DEFAULTS } from '@rp/workflow-safe';
import { checkCanvasCaps } from '@rp/render-admission';

export interface TemplateContent {
  type: string;
  format: string;
  width: number;
  height: number;
  canvas_data: Record<string, unknown>;
  placeholders: Placeholder[];
}

// Mirrors the create-video bounds (spec 8): a template default must be a value a request could also send.
const DURATION = { min: 0.5, max: 60 };
const FPS = { min: 10, max: 60 };

/**
 * The rules JSON Schema cannot express: format fits type, placeholder names are unique and defaults fit
 * their type, and a video template's canvas_data defaults are in range. Returns every problem at once.
 */
export function checkTemplateContent(c: TemplateContent, caps: CapsConfig, opts: { placeholdersGiven?: boolean } = {}): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const formats: readonly string[] = c.type === 'video' ? VIDEO_FORMATS : IMAGE_FORMATS;
  if (!formats.includes(c.format)) out.push({ field: 'format', message: `must be one of: ${formats.join(', ')} for ${c.type} templates` });

  if (opts.placeholdersGiven !== false) {
    const seen = new Set<string>();
    c.placeholders.forEach((p, i) => {
      if (seen.has(p.name)) out.push({ field: `placeholders[${i}].name`, message: `duplicates the placeholder name "${p.name}"` });
      seen.add(p.name);
      const problem = checkPlaceholderValue(p.type, p.default);
      if (problem) out.push({ field: `placeholders[${i}].default`, message: problem });
    });
  }

  if (c.type === 'video') {
    const d = c.canvas_data.duration_seconds;
    if (d !== undefined && !(typeof d === 'number' && d >= DURATION.min && d <= DURATION.max)) {
      out.push({ field: 'canvas_data.duration_seconds', message: `must be a number from ${DURATION.min} to ${DURATION.max}` });
    }
    const f = c.canvas_data.fps;
    if (f !== undefined && !(Number.isInteger(f) && (f as number) >= FPS.min && (f as number) <= FPS.max)) {
      out.push({ field: 'canvas_data.fps', message: `must be an integer from ${FPS.min} to ${FPS.max}` });
    }
  }
  // a video template's defaults are what a request without fps/duration renders
  const fps = Number(c.canvas_data.fps ?? VIDEO_DEFAULTS.fps);
  const duration = Number(c.canvas_data.duration_seconds ?? VIDEO_DEFAULTS.duration_seconds);
  if (!out.length) out.push(...checkCanvasCaps({ ...c, fps, duration_seconds: duration }, caps, { size: 'width', frames: 'canvas_data' }));
  const variantProblems = checkVariantDeclarations(c.type, c.canvas_data);
  out.push(...variantProblems);
  // every declared size obeys the same caps as the template's own
  if (!variantProblems.length) {
    declaredVariants(c.canvas_data).forEach((v, i) =>
      out.push(...checkCanvasCaps({ type: 'image', width: v.width, height: v.height }, caps, { size: `canvas_data.variants[${i}]`, frames: `canvas_data.variants[${i}]` })),
    );
  }
  return [...out, ...checkOutputBounds(c)];
}

/** Format-specific bounds: GIF size and fps caps, and transparency only where the format keeps alpha. */
function checkOutputBounds(c: TemplateContent): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  if (c.format === 'gif') {
    for (const edge of ['width', 'height'] as const) {
      if (c[edge] > GIF_LIMITS.maxEdge) out.push({ field: edge, message: `must be at most ${GIF_LIMITS.maxEdge} for gif templates` });
    }
    const f = c.canvas_data.fps;
    if (typeof f === 'number' && f > GIF_LIMITS.maxFps) {
      out.push({ field: 'canvas_data.fps', message: `must be at most ${GIF_LIMITS.maxFps} for gif templates` });
    }
  }
  const t = c.canvas_data.transparent;
  if (t !== undefined && typeof t !== 'boolean') out.push({ field: 'canvas_data.transparent', message: 'must be a boolean' });
  if (t === true && !ALPHA_FORMATS.includes(c.format)) {
    out.push({ field: 'canvas_data.transparent', message: `needs a format with alpha (${ALPHA_FORMATS.join(', ')}), not ${c.format}` });
  }
  return out;
}
