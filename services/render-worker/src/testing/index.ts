// The renderer's test fixtures, for its own tests and for the end-to-end suites and the bench
// (`@rp/render-worker/testing`): the Chromium binaries and launch flags the worker uses, the card and the engine corpus
// composed by the worker's own composeDocument,
// and the probe of the faces Chromium draws (the font tests, the font table's measurement). Nothing in the worker imports it.
export * from './chromium';
export * from './card-fixture';
export * from './engine-corpus';
export * from './drawn-families';
export * from './parity-engines';
