// Workflow-safe: this package must not import Node built-ins; workflow code depends on it.
export * from './constants';
export * from './temporal-names';
export * from './types';
export * from './activity-types';
export * from './placeholder-values';
export * from './video-settings';
export * from './output-formats';
export * from './canonical-json';
export * from './render-error-of';
export * from './render-warnings';
export * from './size-variants';
export * from './engine-decision';
export * from './lru-map';
export * from './pinned-resources';
export * from './native-fonts';
export * from './native-font-table';
