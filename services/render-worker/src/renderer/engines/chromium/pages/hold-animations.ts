import { injectFirstInHead } from './inject-first-in-head';

/**
 * CSS animations start paused, so they stay at time 0 of their own timeline from the first frame the page draws: an
 * image is captured at that instant, whenever the page becomes ready. `!important` in the first stylesheet: the
 * template's own `animation` shorthands (normal declarations) cannot set them running again. A negative
 * `animation-delay` still chooses a later instant, as it does at time 0 in any browser.
 */
const PAUSED = '<style>*,*::before,*::after{animation-play-state:paused!important}</style>';

/** The document an image render loads: its CSS animations held at their start (docs/renders.md "Determinism"). */
export const holdAnimations = (html: string): string => injectFirstInHead(html, PAUSED);

/**
 * In-page statements (run first in the readiness evaluate, wait-for-page-ready.ts) for what the stylesheet cannot
 * hold: an animation still running (a Web Animation a script started, a CSS transition, a CSS animation the template
 * set running with `!important`) is paused at its start, and inline SVG's SMIL animations are paused at 0. An animation
 * the template paused itself keeps the time it chose.
 */
export const HOLD_ANIMATIONS_SCRIPT = `for (const a of document.getAnimations()) if (a.playState === 'running') { a.pause(); a.currentTime = 0; }
  for (const svg of document.querySelectorAll('svg')) if (typeof svg.pauseAnimations === 'function' && !svg.animationsPaused()) { svg.pauseAnimations(); svg.setCurrentTime(0); }`;
