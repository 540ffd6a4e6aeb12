// One Jest config, three tiers (docs/testing.md), chosen by file name (below):
// - unit:    `*.test.ts` beside the code (the studio's .ts modules too), test/src/docs, test/src/bench and the corpora in test/fixtures: no server, no browser, pure logic and the
//            API driven through app.callback() with stubbed deps. `npm run test:unit`; sibling packages resolve to their
//            sources, so no build and no setup. jest.unit-tier-guard.js fails a unit test that starts what setup installs.
// - browser: `*.browser.test.ts` anywhere (the renderer's Chromium, ffmpeg, font and native-engine tests, the bench smoke
//            tests); no server.
// - stack:   the end-to-end suites in test/src and `*.stack.test.ts` beside the code, against the real stack that
//            scripts/test.sh starts.
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
 * walk every endpoint of the binding interface (docs/api.md: templates, collections, people, videos, images,
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
  '^@rp/(workflow-safe|engine-gate|design|config|db|errors|net-guard|storage|serializers|render-admission|people|worker-runtime)$': '<rootDir>/packages/$1/src/index.ts',
  '^@rp/workflow-safe/lists$': '<rootDir>/packages/workflow-safe/src/lists.ts',
  '^@rp/stack$': '<rootDir>/tools/stack/src/index.ts',
  '^@rp/(api|render-worker|webhook-worker)$': '<rootDir>/services/$1/src/index.ts',
  '^@rp/render-worker/(renderer|testing)$': '<rootDir>/services/render-worker/src/$1/index.ts',
  '^@rp/workflows/client$': '<rootDir>/workflows/src/client.ts',
  '^@rp/workflows/gateway$': '<rootDir>/workflows/src/workflow-gateway.ts',
  '^@rp/test(/support)?$': '<rootDir>/test/src/support/index.ts',
  '^@rp/test-kit$': '<rootDir>/test/kit/src/index.ts',
};

/** The tier suffixes, as path patterns: a test outside test/src that launches Chromium, ffmpeg, fontconfig or the native engine is
 * `*.browser.test.ts`; one that needs the running stack is `*.stack.test.ts`. */
const BROWSER_TEST = '\\.browser\\.test\\.ts$';
const STACK_TEST = '\\.stack\\.test\\.ts$';

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
      testMatch: abs(['{packages,services,workflows,tools}/**/src/**/*.test.ts', 'apps/studio/app/*.test.ts', 'test/src/{docs,bench}/*.test.ts', 'test/fixtures/*/*.test.ts', 'sdk/typescript/src/**/*.test.ts']),
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, BROWSER_TEST, STACK_TEST],
      setupFilesAfterEnv: ['<rootDir>/jest.unit-tier-guard.js'],
      moduleNameMapper: fromSource,
    },
    { ...common, displayName: 'browser', testMatch: abs(['{packages,services,workflows,tools,test}/**/src/**/*.browser.test.ts', 'test/fixtures/**/*.browser.test.ts']), moduleNameMapper: fromSource },
    {
      ...common,
      displayName: 'stack',
      testMatch: abs(['test/src/**/*.test.ts', '{packages,services,workflows,tools}/**/src/**/*.stack.test.ts']),
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, BROWSER_TEST, '/test/src/bench/', '/test/src/containers/', '/test/src/docs/', '/test/src/cluster/'],
    },
  ],
};
