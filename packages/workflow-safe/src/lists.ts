// `@rp/workflow-safe/lists`: what a browser bundle (the studio) takes from this package, the lists it offers authors,
// without the index's Temporal imports.
export { ENGINE_MODES, ENGINE_REASONS, reasonCode } from './engine-decision';
export { IMAGE_FORMATS, PLACEHOLDER_TYPES, TEMPLATE_TYPES, VIDEO_FORMATS } from './constants';
