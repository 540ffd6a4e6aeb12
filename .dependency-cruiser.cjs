// The layer and cycle rules `npm run lint` checks (docs/ARCHITECTURE.md "Layers"). Layers, bottom up; a module may
// import its own layer and the layers below it, never one above:
//   0 errors, config, workflow-safe, design
//   1 net-guard, storage, db
//   2 render-admission, people, serializers
//   3 workflows (workflow code, client, gateway)
//   4 worker-runtime
//   5 services (api, render-worker, webhook-worker; none imports another)
//   6 tools, apps, test
// Tests beside the code (*.test.ts) may use the test helpers (@rp/test/support), so they are left out as importers.
// Workflow code may `import type` the activity factories of the workers (Temporal's `typeof activities` style): a
// type-only import is erased, no module is loaded at run time.
const LAYERS = [
  ['packages/(errors|config|workflow-safe|design)/'],
  ['packages/(net-guard|storage|db)/'],
  ['packages/(render-admission|people|serializers)/'],
  ['workflows/'],
  ['packages/worker-runtime/'],
  ['services/'],
  ['tools/', 'apps/', 'test/'],
].map((paths) => `^(${paths.join('|')})`);

const NOT_TESTS = '\\.test\\.ts$';

/** Layer i may not import any layer above it. */
const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${i}-imports-above`,
  comment: `${layer} (layer ${i}) imports from a layer above it; move the shared code down or pass it in`,
  severity: 'error',
  from: { path: layer, pathNot: NOT_TESTS },
  to: {
    path: LAYERS.slice(i + 1).join('|'),
    // workflows -> the workers' activity factories, types only (see above)
    ...(i === 3 ? { dependencyTypesNot: ['type-only'] } : {}),
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'service-imports-service',
      comment: 'A service imports another service; shared code belongs in a package below both',
      severity: 'error',
      from: { path: '^services/([^/]+)/', pathNot: NOT_TESTS },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'package-imports-workflows',
      comment: 'A base package imports the workflows; the service entry points pass in what it needs (e.g. workflowsPath)',
      severity: 'error',
      from: { path: '^packages/', pathNot: NOT_TESTS },
      to: { path: '^workflows/' },
    },
    {
      name: 'renderer-imports-video',
      comment: 'renderer/video/ builds on the renderer (pool, pages, guard); the renderer never imports back into it',
      severity: 'error',
      from: { path: '^services/render-worker/src/renderer/[^/]+[.]ts$', pathNot: '(/index|[.]test)[.]ts$' },
      to: { path: '^services/render-worker/src/renderer/video/' },
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
    includeOnly: '^(packages|services|workflows|tools|apps|test)/',
    exclude: { path: '(^|/)(dist|node_modules)/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.source-paths.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['require', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.d.ts'] },
  },
};
