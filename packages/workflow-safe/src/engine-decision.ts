// Which engine renders a template version (docs/engines.md). Shared by the API (static gate, 422s, schemas), the
// render worker (parity check, the engine of each render), the workflows and the studio. Workflow-safe.

/** What an author asks for: `auto` lets the platform decide per version; the other two force an engine. */
export const ENGINE_MODES = ['auto', 'chromium', 'native'] as const;
export type EngineMode = (typeof ENGINE_MODES)[number];

/** The engines a render can use. */
export const ENGINES = ['chromium', 'native'] as const;
export type EngineName = (typeof ENGINES)[number];

/** What a reason code says, and which engine a version with it renders with. */
export interface EngineReasonInfo {
  /** What it means, to an author (the studio shows it beside the code). */
  meaning: string;
  engine: EngineName | 'either';
  /** What the detail after a colon names, for a code that carries one (`unsupported_css:mask-image`). */
  detail?: string;
}

/**
 * The reason codes of a decision and what each means: the codes, their type, the API's schema, docs/engines.md's
 * table and the studio's explanations all come from here. A code with a detail is keyed by the part before the
 * colon (`unsupported_css:mask-image` is `unsupported_css`); reasonCode reads it.
 */
export const ENGINE_REASONS = {
  forced: { meaning: 'the engine was chosen for this template', engine: 'either' },
  legacy: { meaning: 'saved before engines existed', engine: 'chromium' },
  has_script: { meaning: 'the template runs script', engine: 'chromium' },
  unsupported_css: { meaning: 'CSS the native engine does not draw', engine: 'chromium', detail: 'property' },
  unsupported_element: { meaning: 'an element the native engine does not draw', engine: 'chromium', detail: 'tag' },
  media_element: { meaning: 'a <video> or <audio> element', engine: 'chromium' },
  unsupported_animation: { meaning: 'an animation the native engine does not draw as Chromium does', engine: 'chromium', detail: 'key' },
  font_unavailable: { meaning: 'a font the native engine cannot get', engine: 'chromium', detail: 'family' },
  rtl_text: { meaning: 'right-to-left text', engine: 'chromium' },
  pdf_output: { meaning: 'PDF output', engine: 'chromium' },
  parity_pending: { meaning: 'the parity check is running; renders use Chromium until it decides', engine: 'chromium' },
  parity_passed: { meaning: 'the native engine draws every sample like Chromium', engine: 'native' },
  parity_below_threshold: { meaning: 'a sample differs from Chromium beyond the threshold', engine: 'chromium' },
  parity_error: { meaning: 'the parity check could not render a sample', engine: 'chromium', detail: 'code' },
  native_unavailable: { meaning: 'the render worker has no native engine', engine: 'chromium' },
} as const satisfies Record<string, EngineReasonInfo>;

export type EngineReasonCode = keyof typeof ENGINE_REASONS;

/** Every reason code, in ENGINE_REASONS' order. */
export const ENGINE_REASON_CODES = Object.keys(ENGINE_REASONS) as EngineReasonCode[];

/**
 * The threshold a native render must meet against Chromium's on every sample (docs/engines.md, "Metric"): the whole
 * image's SSIM and PSNR, and the SSIM of its worst 64-pixel region, which a line of text drawn differently lowers
 * where the whole image's figures barely move.
 */
export const PARITY_THRESHOLD = { ssim: 0.97, psnr: 28, ssim_region: 0.5 } as const;

/**
 * One sample's figures: SSIM (0..1, 1 = identical), PSNR in dB (Infinity is stored as null: identical), and the SSIM
 * of the sample's worst region.
 */
export interface ParitySample {
  sample: string;
  ssim: number;
  psnr: number | null;
  ssim_region: number;
  chromium_ms: number;
  native_ms: number;
}

/** What the parity check stores in `engine_parity`. */
export interface EngineParity {
  metric: 'ssim+psnr';
  threshold: { ssim: number; psnr: number; ssim_region: number };
  samples: ParitySample[];
  min_ssim: number;
  min_psnr: number | null;
  min_ssim_region: number;
  native_version?: string;
  /** Storage paths of each sample's two renders and their difference image (by sample name), for the studio. */
  images?: Record<string, { chromium: string; native: string; diff: string }>;
}

/** A decision as the version row stores it. */
export interface EngineDecision {
  engine: EngineName;
  reason: string;
  parity: EngineParity | null;
}

/** The input of the engine decision workflow (`engine-decision-<templateId>-<version>`). */
export interface EngineDecisionInput {
  orgId: string;
  templateId: string;
  version: number;
}

/** The code of a reason (`unsupported_css:mask-image` -> `unsupported_css`); null for one that is not in ENGINE_REASONS. */
export function reasonCode(reason: string): EngineReasonCode | null {
  const code = reason.split(':')[0]!;
  return Object.hasOwn(ENGINE_REASONS, code) ? (code as EngineReasonCode) : null;
}

/**
 * The engine a render of a version uses: only a version decided `native` leaves Chromium, and never for a PDF (vector
 * output is Chromium's print path) or a video's preview frame (captured as a Chromium chunk captures its frames).
 */
export function engineFor(version: { engine?: unknown }, kind: RenderedKind): EngineName {
  return version.engine === 'native' && kind !== 'pdf' && kind !== 'video_frame' ? 'native' : 'chromium';
}

/** What a render makes, as far as the engine goes: an image (`pdf` apart), a video, or one frame of a video's preview. */
export type RenderedKind = 'image' | 'pdf' | 'video' | 'video_frame';
