// One Jest config, three tiers (README "Tests"):
// - unit:    no server, no browser: pure logic and the API driven through app.callback() with stubbed deps.
//            `npm run test:unit`; sibling packages resolve to their sources, so no build and no setup.
// - browser: the renderer's Chromium and ffmpeg tests and the bench smoke tests; no server.
// - stack:   end-to-end suites in test/src against the real stack that scripts/test.sh starts.
// `npm test` runs all three; then, against its own stack, the container tier:
// - containers: TEST_TIER=containers selects test/src/containers (the services run from their images under podman);
//   every other run leaves it out. scripts/test.sh runs both, each against its own stack.
// - cluster: TEST_TIER=cluster selects test/src/cluster (the scale-out fault test) and CLUSTER_SPEC_TESTS, against a
//   stack in the cluster profile (Temporal server on Postgres, two replicas of each service; docs/stack.md).
const path = require('node:path');

const containerTier = process.env.TEST_TIER === 'containers';
const clusterTier = process.env.TEST_TIER === 'cluster';

/**
 * The spec suite, run again against the cluster profile (replicas, the Temporal server on Postgres): the files that
 * walk every endpoint of shared/spec/rendering-service-interface.md (templates, collections, people, videos, images,
 * webhook deliveries), the API's foundation (auth, errors, versioning) and Schemathesis over the whole OpenAPI
 * document. The main tier's other suites (faults, security, load, studio...) stay there: running them twice would
 * cost the CI budget more than they would find about replicas.
 */
const CLUSTER_SPEC_TESTS = [
  'test/src/api/foundation.test.ts',
  'test/src/resources/templates.test.ts',
  'test/src/resources/people.test.ts',
  'test/src/renders/images.test.ts',
  'test/src/renders/videos.test.ts',
  'test/src/renders/collections.test.ts',
  'test/src/webhooks/webhooks-api.test.ts',
  'test/src/webhooks/webhook-delivery.test.ts',
  'test/src/webhooks/webhook-images.test.ts',
  'test/src/security/schemathesis.test.ts',
];

const transform = { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] };

/** @rp/* from source: the tiers without a stack need no build. */
const fromSource = {
  '^@rp/(workflow-safe|design|config|db|errors|net-guard|storage|serializers|render-admission|people|worker-runtime)$': '<rootDir>/packages/$1/src/index.ts',
  '^@rp/stack$': '<rootDir>/tools/stack/src/index.ts',
  '^@rp/(api|render-worker|webhook-worker)$': '<rootDir>/services/$1/src/index.ts',
  '^@rp/render-worker/renderer$': '<rootDir>/services/render-worker/src/renderer/index.ts',
  '^@rp/workflows/client$': '<rootDir>/workflows/src/client.ts',
  '^@rp/workflows/gateway$': '<rootDir>/workflows/src/workflow-gateway.ts',
  '^@rp/test(/support)?$': '<rootDir>/test/src/support/index.ts',
};

/** Tests that launch Chromium or run ffmpeg (browser tier). A new such test belongs here. */
const BROWSER_TESTS = [
  'services/render-worker/src/renderer/browser-pool.test.ts',
  'services/render-worker/src/renderer/page-contexts.test.ts',
  'services/render-worker/src/renderer/render-image.test.ts',
  'services/render-worker/src/renderer/engines/native-engine.test.ts',
  'services/render-worker/src/renderer/engines/native/fit-text.test.ts',
  'services/render-worker/src/renderer/engines/native/native-warnings.test.ts',
  'services/render-worker/src/renderer/video/render-video-chunk.test.ts',
  'services/render-worker/src/renderer/video/render-video-pool.test.ts',
  'services/render-worker/src/renderer/video/probe-begin-frame.test.ts',
  'services/render-worker/src/renderer/video/encode-segment.test.ts',
  'services/render-worker/src/renderer/video/capture-frames.test.ts',
  'services/render-worker/src/renderer/video/virtual-clock-script.test.ts',
  'services/render-worker/src/renderer/warnings/installed-fonts.test.ts',
  'services/render-worker/src/renderer/warnings/page-font-coverage.test.ts',
  'test/src/bench/*.test.ts',
];

/** Tests outside test/src that need the running stack (stack tier). */
const STACK_TESTS = ['tools/stack/src/stack-integration.test.ts', 'workflows/src/collection-workflow.test.ts'];

const abs = (globs) => globs.map((g) => path.join('<rootDir>', g));
const common = {
  testEnvironment: 'node',
  rootDir: __dirname,
  transform,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/.*\\.test\\.js$'],
  slowTestThreshold: 30,
};

/** @type {import('jest').Config} */
module.exports = {
  // a global option: Jest ignores it inside a project
  testTimeout: 120000,
  projects: containerTier ? [{ ...common, displayName: 'containers', testMatch: abs(['test/src/containers/**/*.test.ts']) }]
    : clusterTier ? [{ ...common, displayName: 'cluster', testMatch: abs(['test/src/cluster/**/*.test.ts', ...CLUSTER_SPEC_TESTS]) }]
    : [
    {
      ...common,
      displayName: 'unit',
      testMatch: abs(['{packages,services,workflows,tools}/**/src/**/*.test.ts', 'test/src/docs/*.test.ts', 'sdk/typescript/src/**/*.test.ts']),
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, ...BROWSER_TESTS.concat(STACK_TESTS).map((g) => g.replace('*', '[^/]*'))],
      moduleNameMapper: fromSource,
    },
    { ...common, displayName: 'browser', testMatch: abs(BROWSER_TESTS), moduleNameMapper: fromSource },
    { ...common, displayName: 'stack', testMatch: abs(['test/src/**/*.test.ts', ...STACK_TESTS]), testPathIgnorePatterns: [...common.testPathIgnorePatterns, '/test/src/bench/', '/test/src/containers/', '/test/src/docs/', '/test/src/cluster/'] },
  ],
};
