import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a worker gets its workflow code: the bundle prebuilt by `npm run build` (fast restarts), or else the
 * workflows package itself, bundled by the SDK at start.
 */
export function workflowSource(): { workflowBundle: { codePath: string } } | { workflowsPath: string } {
  const entry = require.resolve('@rp/workflows');
  const bundle = path.join(path.dirname(entry), 'workflow-bundle.js');
  return fs.existsSync(bundle) ? { workflowBundle: { codePath: bundle } } : { workflowsPath: entry };
}
