// The one place for test helpers: e2e suites, the renderer's unit tests and the bench import from here.
export * from './stack-info';
export * from './api-client';
export * from './orgs';
export * from './fixture-server';
export * from './png';
export * from './wait-for';
export * from './render-helpers';
export * from './zip';
export * from './media';
export * from './expect-error';
export * from './figures';
export * from './chromium';
export * from './fixtures/card';
export * from './fixtures/animated';
export * from './fake-api-deps';
export * from './unit-api';
export * from './static-server';
