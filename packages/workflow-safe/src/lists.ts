// `@rp/workflow-safe/lists`: what a browser bundle (the studio) takes from this package, the lists it offers authors,
// without the index's Temporal imports.
export { ENGINE_MODES, ENGINE_REASONS, reasonCode } from './engine-decision';
export { IMAGE_FORMATS, PLACEHOLDER_TYPES, TEMPLATE_TYPES, VIDEO_DEFAULTS, VIDEO_FORMATS, VIDEO_LIMITS } from './constants';
// the design compiler (@rp/design, in the studio's bundle too): what the native engine animates as Chromium does
export { NATIVE_ANIMATION_TABLE } from './native-animation-table';
export type { AnimationTable } from './animation-table';
