// The candidates `npm run animations:table` measures (measure-animation-table.ts): each is a small card that
// animates one thing, drawn by Chromium and by the native engine at the same instants. Shapes only, no text, so a
// difference is the animation's and not the text layout's.

/** Which list of the table a candidate fills. */
export type CandidateKind = 'properties' | 'timing' | 'features';

export interface AnimationCandidate {
  kind: CandidateKind;
  /** The table key the static gate looks up (animation-gate.ts in the API). */
  key: string;
  /** The card's HTML (320x180). */
  html: string;
}

export const CANDIDATE_SIZE = { width: 320, height: 180 } as const;
/** Instants each candidate is drawn at: the start, inside the 1000 ms animation, its end, and after it. */
export const CANDIDATE_INSTANTS_MS = [0, 125, 250, 500, 750, 875, 1000, 1250] as const;

const STAGE = 'html,body{margin:0}.stage{position:relative;width:320px;height:180px;background:#f4f1ea;overflow:hidden}';
const BOX = '.box{position:absolute;left:40px;top:50px;width:80px;height:80px;background:#1f6feb}';

/** A card whose `.box` runs `animation` over `@keyframes a` (`frames`); `extra` adds rules or markup. */
function card(frames: string, animation: string, extra: { css?: string; body?: string } = {}): string {
  return `<style>${STAGE}${BOX}@keyframes a{${frames}}.box{animation:${animation}}${extra.css ?? ''}</style>` +
    `<div class="stage"><div class="box"></div>${extra.body ?? ''}</div>`;
}

const SLIDE = 'from{transform:translateX(0)}to{transform:translateX(160px)}';

/** Animated properties: keyframes from one value to another, linear over 1 s, held after. */
const PROPERTIES: Array<[string, string, string?]> = [
  ['transform:translate', SLIDE],
  // a percentage of the element's own size, to a unitless zero: how slide-ins off the canvas are often written
  ['transform:translate-percent', 'from{transform:translateX(-120%)}to{transform:translateX(0)}'],
  ['transform:scale', 'from{transform:scale(.2)}to{transform:scale(1.3)}'],
  ['transform:rotate', 'from{transform:rotate(0deg)}to{transform:rotate(90deg)}'],
  ['transform:skew', 'from{transform:skewX(0deg)}to{transform:skewX(30deg)}'],
  ['translate', 'from{translate:0 0}to{translate:160px 20px}'],
  ['scale', 'from{scale:.2}to{scale:1.3}'],
  ['rotate', 'from{rotate:0deg}to{rotate:90deg}'],
  ['opacity', 'from{opacity:0}to{opacity:1}'],
  ['color', 'from{color:#e94560}to{color:#0b7a3e}', '.box{background:none;border:20px solid currentColor;box-sizing:border-box}'],
  ['background-color', 'from{background-color:#e94560}to{background-color:#1f6feb}'],
  ['border-color', 'from{border-color:#e94560}to{border-color:#0b7a3e}', '.box{border:16px solid #000}'],
  ['width', 'from{width:20px}to{width:220px}'],
  ['height', 'from{height:10px}to{height:120px}'],
  ['left', 'from{left:0}to{left:200px}'],
  ['top', 'from{top:0}to{top:100px}'],
  ['margin-left', 'from{margin-left:0}to{margin-left:150px}'],
  ['border-radius', 'from{border-radius:0}to{border-radius:40px}'],
  ['box-shadow', 'from{box-shadow:0 0 0 #0000}to{box-shadow:20px 20px 0 #e94560}'],
  ['filter', 'from{filter:brightness(.3)}to{filter:brightness(1)}'],
  ['clip-path', 'from{clip-path:inset(0 100% 0 0)}to{clip-path:inset(0 0 0 0)}'],
  ['background-position', 'from{background-position:0 0}to{background-position:80px 0}', '.box{background:linear-gradient(90deg,#1f6feb 50%,#e94560 50%) 0 0/80px 80px}'],
];

/** Timing functions, on the slide. */
const TIMING: Array<[string, string]> = [
  ['linear', 'linear'], ['ease', 'ease'], ['ease-in', 'ease-in'], ['ease-out', 'ease-out'], ['ease-in-out', 'ease-in-out'],
  ['cubic-bezier', 'cubic-bezier(.68,-.55,.27,1.55)'], ['linear-stops', 'linear(0, .8 30%, 1)'],
  ['step-start', 'step-start'], ['step-end', 'step-end'], ['steps', 'steps(4)'], ['steps-end', 'steps(4, end)'],
  ['steps-start', 'steps(4, start)'], ['steps-jump-start', 'steps(4, jump-start)'], ['steps-jump-end', 'steps(4, jump-end)'],
  ['steps-jump-none', 'steps(4, jump-none)'], ['steps-jump-both', 'steps(4, jump-both)'],
];

/** How animations run: each on the slide unless its card says otherwise. */
const FEATURES: Array<[string, string]> = [
  ['delay', card(SLIDE, 'a 750ms linear 250ms both')],
  ['negative-delay', card(SLIDE, 'a 1000ms linear -400ms both')],
  ['iteration-count', card(SLIDE, 'a 400ms linear 3 both')],
  ['infinite', card(SLIDE, 'a 400ms linear infinite')],
  ['direction:reverse', card(SLIDE, 'a 1000ms linear both reverse')],
  ['direction:alternate', card(SLIDE, 'a 400ms linear infinite alternate')],
  ['direction:alternate-reverse', card(SLIDE, 'a 400ms linear infinite alternate-reverse')],
  ['fill-mode:none', card(SLIDE, 'a 600ms linear 250ms')],
  ['fill-mode:forwards', card(SLIDE, 'a 600ms linear 250ms forwards')],
  ['fill-mode:backwards', card(SLIDE, 'a 600ms linear 250ms backwards')],
  ['fill-mode:both', card(SLIDE, 'a 600ms linear 250ms both')],
  ['multiple', card(SLIDE, 'a 1000ms ease-out both, b 500ms linear 250ms both', { css: '@keyframes b{from{opacity:.2}to{opacity:1}}' })],
  ['keyframe-offsets', card('0%{transform:translateX(0)}40%{transform:translateX(150px)}70%{transform:translateX(60px)}100%{transform:translateX(200px)}', 'a 1000ms linear both')],
  // a slide given at the ends beside a fade given in the middle: CSS runs each property between its own keyframes
  ['sparse-keyframes', card('0%{transform:translateX(0);opacity:1}50%{opacity:.3}100%{transform:translateX(200px);opacity:1}', 'a 1000ms linear both')],
  // only a middle keyframe: the ends are the element's own style (a blinking caret)
  ['implicit-ends', card('50%{transform:translateX(160px)}', 'a 1000ms linear both')],
  ['keyframe-timing', card('from{transform:translateX(0);animation-timing-function:ease-in}50%{transform:translateX(100px);animation-timing-function:steps(3)}to{transform:translateX(200px)}', 'a 1000ms linear both')],
  ['longhands', card(SLIDE, 'none', { css: '.box{animation-name:a;animation-duration:800ms;animation-timing-function:ease-in-out;animation-delay:100ms;animation-fill-mode:both}' })],
  ['play-state:paused', card(SLIDE, 'a 1000ms linear -300ms both paused')],
  ['staggered', card(SLIDE, 'a 500ms ease-out both', { css: '.box2{top:20px;animation-delay:250ms}.box3{top:110px;animation-delay:500ms}', body: '<div class="box box2"></div><div class="box box3"></div>' })],
  // no script ever changes the style, so the transition never starts in Chromium: a static card
  ['transition', `<style>${STAGE}${BOX}.box{transform:translateX(120px);transition:transform 1s ease,opacity .5s}</style><div class="stage"><div class="box"></div></div>`],
];

/** Every candidate, in table order. */
export const ANIMATION_CANDIDATES: readonly AnimationCandidate[] = [
  ...PROPERTIES.map(([key, frames, css]) => ({ kind: 'properties' as const, key, html: card(frames, 'a 1000ms linear both', { css }) })),
  ...TIMING.map(([key, fn]) => ({ kind: 'timing' as const, key, html: card(SLIDE, `a 1000ms ${fn} both`) })),
  ...FEATURES.map(([key, html]) => ({ kind: 'features' as const, key, html })),
];
