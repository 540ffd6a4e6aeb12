// Which engine renders a template version (issue #25, docs/engines.md). Shared by the API (static gate, 422s,
// schemas), the render worker (parity check) and the workflows. Workflow-safe.

/** What an author asks for: `auto` lets the platform decide per version; the other two force an engine. */
export const ENGINE_MODES = ['auto', 'chromium', 'native'] as const;
export type EngineMode = (typeof ENGINE_MODES)[number];

/** The engines a render can use. */
export const ENGINES = ['chromium', 'native'] as const;
export type EngineName = (typeof ENGINES)[number];

/**
 * Reason codes of a decision. Some carry a detail after a colon (`unsupported_css:mask-image`,
 * `unsupported_element:table`, `unsupported_animation:clip-path`); `ENGINE_REASON_CODES` lists the code part.
 */
export const ENGINE_REASON_CODES = [
  'forced', // engine_mode chromium or native: the author chose
  'legacy', // a version saved before engines existed keeps Chromium
  'has_script', // <script>, an inline on* handler or a javascript: URL
  'unsupported_css', // a CSS property (or value) the native engine does not draw
  'unsupported_element', // an element the native engine does not draw
  'media_element', // a <video> or <audio> element: its frames are the media's
  'unsupported_animation', // a video's animation the native engine does not draw as Chromium (the measured table)
  'font_unavailable', // a font family the native engine cannot get
  'rtl_text', // right-to-left text, which the native engine does not shape
  'pdf_output', // a PDF template (vector output is Chromium's)
  'parity_pending', // the gate passed; the parity check has not decided yet (renders use Chromium meanwhile)
  'parity_passed', // every sample met the threshold: native
  'parity_below_threshold', // a sample missed the threshold: Chromium
  'parity_error', // the parity check could not render a sample on one of the engines: Chromium
  'native_unavailable', // the render worker has no native engine: Chromium
] as const;
export type EngineReasonCode = (typeof ENGINE_REASON_CODES)[number];

/** The threshold a native render must meet against Chromium's on every sample (docs/engines.md, "Metric"). */
export const PARITY_THRESHOLD = { ssim: 0.97, psnr: 28 } as const;

/** One sample's figures: SSIM (0..1, 1 = identical) and PSNR in dB (Infinity is stored as null: identical). */
export interface ParitySample {
  sample: string;
  ssim: number;
  psnr: number | null;
  chromium_ms: number;
  native_ms: number;
}

/** What the parity check stores in `engine_parity`. */
export interface EngineParity {
  metric: 'ssim+psnr';
  threshold: { ssim: number; psnr: number };
  samples: ParitySample[];
  min_ssim: number;
  min_psnr: number | null;
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

/** The code part of a reason (`unsupported_css:mask-image` -> `unsupported_css`). */
export const reasonCode = (reason: string) => reason.split(':')[0] as EngineReasonCode;
