/**
 * What the native engine animates as Chromium does, for the static gate of video templates (API): one source, the
 * table `npm run animations:table` measures by drawing each candidate on both engines at several instants
 * (native-animation-table.ts). A video template whose motion uses only measured, passing entries goes on to the
 * parity check; anything else stays on Chromium with `unsupported_animation:<key>`.
 */
export interface AnimationMeasurement {
  /** Every instant met the parity threshold (SSIM and PSNR, as images). */
  passed: boolean;
  /** The worst instant's figures (PSNR null: identical). */
  min_ssim: number;
  min_psnr: number | null;
}

export interface AnimationTable {
  /** The engines measured (Chromium's product string, `takumi <version>`). */
  engines: { chromium: string; native: string };
  /** Instants (ms) each candidate was drawn at, on a 1000 ms animation. */
  instants_ms: readonly number[];
  /**
   * Animated properties, by key: a CSS property (`opacity`, `left`), or `transform:<function>` for each family of
   * transform functions (`transform:translate` covers translateX/Y/3d).
   */
  properties: Readonly<Record<string, AnimationMeasurement>>;
  /** Timing functions: `linear`, `ease`, `cubic-bezier`, `steps`, `steps-jump-start`, `step-end` ... */
  timing: Readonly<Record<string, AnimationMeasurement>>;
  /** How animations run: `delay`, `negative-delay`, `infinite`, `direction:alternate`, `fill-mode:none`, `transition` ... */
  features: Readonly<Record<string, AnimationMeasurement>>;
}

/** The kinds of entry a table holds, in the order the gate checks them. */
export const ANIMATION_TABLE_KINDS = ['properties', 'timing', 'features'] as const;
