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
 *
 * They leave `heldSettled`, a promise the evaluate awaits before it returns. A running transform or opacity animation
 * ticks on the compositor thread, apart from the page: its pause takes effect there only once a main frame has
 * committed it, and until then the compositor keeps drawing frames of its own that a capture can take (seen under CPU
 * starvation: the script's rotating bar captured at 10-20 degrees in 2 of 400 renders). So when anything was held,
 * the evaluate waits for the pauses to be applied (`ready`) and two animation frames, the second of which begins only
 * after the first one's commit. The pages with nothing running (nearly all) wait for nothing.
 */
export const HOLD_ANIMATIONS_SCRIPT = `const held = [];
  for (const a of document.getAnimations()) if (a.playState === 'running') { a.pause(); a.currentTime = 0; held.push(a.ready.catch(() => undefined)); }
  for (const svg of document.querySelectorAll('svg')) if (typeof svg.pauseAnimations === 'function' && !svg.animationsPaused()) { svg.pauseAnimations(); svg.setCurrentTime(0); held.push(null); }
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const heldSettled = held.length === 0 ? null : Promise.all(held).then(frame).then(frame);`;
