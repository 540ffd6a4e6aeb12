// Pure: no Node built-ins and no dependencies, so the studio bundle, the API and workflow code can import it.
export * from './design-types';
export * from './design-schema';
export * from './compile-design';
export { compileLayers, elementId, TEXT_DEFAULTS } from './compile-layer';
export * from './design-placeholders';
export * from './layer-paths';
