// The layer and cycle rules `npm run lint` checks (docs/ARCHITECTURE.md "Layers"). Layers, bottom up; a module may
// import its own layer and the layers below it, never one above:
//   0 errors, config, workflow-safe, design
//   1 net-guard, storage, db, engine-gate
//   2 render-admission, people, serializers, test/kit (the helpers tests beside the code share with test/src)
//   3 workflows (workflow code, client, gateway)
//   4 worker-runtime
//   5 services (api, render-worker, webhook-worker; none imports another)
//   6 tools, apps, test
// Tests beside the code are checked like the code they sit with: they reach test helpers through @rp/test-kit (layer 2)
// and their own package's testing/ folder, never through test/src (whose helpers import every service, so a service's
// test would close a cycle back to its service). A `*.stack.test.ts` runs against the stack, as the suites in test/src
// do, and may read the stack's coordinates from tools/stack.
const LAYERS = [
  ['packages/(errors|config|workflow-safe|design)/'],
  ['packages/(net-guard|storage|db|engine-gate)/'],
  ['packages/(render-admission|people|serializers)/', 'test/kit/'],
  ['workflows/'],
  ['packages/worker-runtime/'],
  ['services/'],
  ['tools/', 'apps/', 'test/src/'],
].map((paths) => `^(${paths.join('|')})`);

const STACK_TESTS = '\\.stack\\.test\\.ts$';

// The render worker's rooms (docs/ARCHITECTURE.md "The native engine"): renderer/ffmpeg/, engines/chromium/,
// engines/native/{image,video,process}/, and the engine libraries they must keep to their own room.
const RENDERER = '^services/render-worker/src/renderer/';
const ENGINE_LIBS = '^node_modules/(puppeteer|puppeteer-core|@takumi-rs)/';

/** Layer i may not import any layer above it. */
const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${i}-imports-above`,
  comment: `${layer} (layer ${i}) imports from a layer above it; move the shared code down or pass it in`,
  severity: 'error',
  from: { path: layer, pathNot: STACK_TESTS },
  to: { path: LAYERS.slice(i + 1).join('|') },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'service-imports-service',
      comment: 'A service imports another service; shared code belongs in a package below both',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'package-imports-workflows',
      comment: 'A base package imports the workflows; the service entry points pass in what it needs (e.g. workflowsPath)',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^workflows/' },
    },
    {
      name: 'ffmpeg-imports-engine',
      comment: 'renderer/ffmpeg/ is the layer both engines encode through: it imports no engine room, neither Chromium (puppeteer) nor takumi; an engine passes it frames and files',
      severity: 'error',
      from: { path: `${RENDERER}ffmpeg/` },
      to: { path: [`${RENDERER}engines/`, ENGINE_LIBS] },
    },
    {
      name: 'native-imports-chromium',
      comment: 'engines/native/ reaches Chromium only through the seams both engines implement (engines/image-engine.ts, engines/video-engine.ts); its tests may launch Chromium to compare the two',
      severity: 'error',
      from: { path: `${RENDERER}engines/native/`, pathNot: '[.]test[.]ts$' },
      to: { path: [`${RENDERER}engines/chromium/`, '^node_modules/(puppeteer|puppeteer-core)/'] },
    },
    {
      name: 'chromium-imports-native',
      comment: 'engines/chromium/ reaches the native engine only through the seams both engines implement (engines/image-engine.ts, engines/video-engine.ts)',
      severity: 'error',
      from: { path: `${RENDERER}engines/chromium/`, pathNot: '[.]test[.]ts$' },
      to: { path: [`${RENDERER}engines/native/`, '^node_modules/@takumi-rs/'] },
    },
    {
      name: 'shared-renderer-imports-room',
      comment: 'The shared renderer (renderer/*.ts, warnings/, video/: documents, bindings, the request guard, the chunk plan) builds on no engine room and not on ffmpeg/; only the request guard attaches to Chromium pages (engines/chromium/pages/)',
      severity: 'error',
      from: { path: `${RENDERER}([^/]+[.]ts|warnings/|video/)`, pathNot: '(/index|[.]test)[.]ts$' },
      to: { path: `${RENDERER}(ffmpeg/|engines/native/|engines/chromium/(?!pages/))` },
    },
    {
      name: 'table-generator-imported',
      comment: 'tools/tables measures Chromium and takumi and writes the generated tables into the packages; code and tests read those tables, never the generators',
      severity: 'error',
      from: { path: '^(packages|services|workflows|apps|test)/' },
      to: { path: '^tools/tables/' },
    },
    {
      name: 'test-helpers-from-below-test',
      comment: 'Code or a test outside test/ imports test/src (the end-to-end helpers, which import the services); use @rp/test-kit or the package\'s own testing/ folder',
      severity: 'error',
      from: { path: '^(packages|services|workflows|tools|apps)/' },
      to: { path: '^test/src/' },
    },
    {
      name: 'stack-test-above-tools',
      comment: 'A *.stack.test.ts beside the code imports from above its layer other than tools/stack (the stack\'s coordinates)',
      severity: 'error',
      from: { path: STACK_TESTS },
      to: { path: '^(tools/(?!stack/)|apps/|test/src/)' },
    },
    {
      name: 'no-circular',
      comment: 'An import cycle: split the shared part into a module both import',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // The engine libraries are kept as modules, so the room rules can name them; doNotFollow keeps the crawl out of them.
    includeOnly: [`^(packages|services|workflows|tools|apps|test)/`, ENGINE_LIBS],
    exclude: { path: ['^[a-z]+/(dist|.*/dist)/', 'node_modules/(?!puppeteer/|puppeteer-core/|@takumi-rs/)'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.source-paths.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['require', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.d.ts'] },
  },
};
