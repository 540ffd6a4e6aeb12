// What every render passes before it is stored: a single image or video, a render URL, a collection's items (from
// the API or a scheduled run). The template and version it pins, its modifications, the size caps and the org's
// pending share, and the columns its row starts with.
export * from './load-template';
export * from './validate-modifications';
export * from './render-caps';
export * from './pending-render-row';
