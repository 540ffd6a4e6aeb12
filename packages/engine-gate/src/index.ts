export { staticGate, type GateInput, type GateResult } from './static-gate';
export { judgePinnedStylesheets, MAX_GATE_FINDINGS } from './stylesheet-gate';
export { documentMatcher } from './selector-match';
export { fontFamilies } from './css-findings';
export { cssTimeMs, splitTopLevel } from './css-values';
export { notAnimationName } from './animation-gate';
