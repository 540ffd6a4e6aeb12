// The end-to-end suites' and the bench's test helpers, with the ones they share with the tests beside the code
// (@rp/test-kit) and the renderer's Chromium and card fixtures (@rp/render-worker/testing).
export * from './stack-info';
export * from './api-client';
export * from './orgs';
export * from './fixture-server';
export * from './render-helpers';
export * from './zip';
export * from './expect-error';
export * from './figures';
export * from './browser';
export * from './outputs';
export * from './procs';
export * from './item-workflows';
export * from '@rp/test-kit';
export * from '@rp/render-worker/testing';
export * from './fixtures/design-corpus';
