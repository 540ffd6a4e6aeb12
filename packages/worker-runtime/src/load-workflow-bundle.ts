import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode, type WorkflowBundlePath } from '@temporalio/worker';
import type { Logger } from '@temporalio/common';

function jsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return jsFiles(p);
    return e.name.endsWith('.js') ? [p] : [];
  });
}

/** Bundles of older code pile up in the cache dir; a day later no starting worker can still want them. */
function pruneOldBundles(cacheDir: string, keep: string): void {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of fs.readdirSync(cacheDir)) {
    const file = path.join(cacheDir, name);
    if (!/^rp-workflow-bundle-[0-9a-f]+\.js$/.test(name) || file === keep) continue;
    try {
      if (fs.statSync(file).mtimeMs < dayAgo) fs.rmSync(file, { force: true });
    } catch {
      /* another worker pruned it first */
    }
  }
}

/**
 * The workflow bundle. Webpack takes seconds on a small machine, so a (re)started worker avoids it:
 * 1. the bundle `npm run build` writes (workflows/dist/workflow-bundle.js), if it is newer than every workflow
 *    source it was made from (a plain `tsc -b` afterwards would otherwise leave a stale bundle in use);
 * 2. else a bundle cached in `cacheDir` under the hash of its inputs, built on first use.
 * `workflowsPath` is the workflows module's entry (the service passes `require.resolve('@rp/workflows')`), so this
 * base package does not depend on the layer above it.
 */
export async function loadWorkflowBundle(workflowsPath: string, logger: Logger, cacheDir = os.tmpdir()): Promise<WorkflowBundlePath> {
  const roots = [path.dirname(workflowsPath), path.dirname(require.resolve('@rp/workflow-safe'))];
  const prebuilt = path.join(path.dirname(workflowsPath), 'workflow-bundle.js');
  const sources = roots.flatMap(jsFiles).filter((f) => f !== prebuilt).sort();
  if (fs.existsSync(prebuilt)) {
    const builtAt = fs.statSync(prebuilt).mtimeMs;
    if (sources.every((f) => fs.statSync(f).mtimeMs <= builtAt)) return { codePath: prebuilt };
  }
  const hash = crypto.createHash('sha256');
  for (const file of sources) hash.update(file).update(fs.readFileSync(file));
  hash.update(JSON.parse(fs.readFileSync(require.resolve('@temporalio/workflow/package.json'), 'utf8')).version);
  const codePath = path.join(cacheDir, `rp-workflow-bundle-${hash.digest('hex').slice(0, 16)}.js`);
  if (fs.existsSync(codePath)) return { codePath };
  const { code } = await bundleWorkflowCode({ workflowsPath, logger });
  // write then rename, so a worker killed mid-write never leaves a truncated bundle behind
  const tmp = `${codePath}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, code);
  fs.renameSync(tmp, codePath);
  pruneOldBundles(cacheDir, codePath);
  return { codePath };
}
