// Pure: no Node built-ins, so the studio bundle, the API, the renderer and workflow code can import it.
export * from './design-types';
export * from './design-schema';
export * from './compile-design';
export { compileLayers, elementId, TEXT_DEFAULTS } from './compile-layer';
export * from './design-placeholders';
export * from './layer-paths';
export { motionProblems, type FieldProblem } from './motion-problems';
export { DESIGN_CONTENT_ATTR, designContentHtml, qrStyle } from './design-content';
export { QrCapacityError, qrSvg } from './qr-svg';
