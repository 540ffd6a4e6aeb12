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

/**
 * The workflow bundle, cached on disk by the hash of its inputs. Webpack takes seconds on a small machine;
 * a restarted worker (deploy, crash, kill -9) with unchanged code skips it and polls again sooner.
 */
export async function loadWorkflowBundle(logger: Logger, cacheDir = os.tmpdir()): Promise<WorkflowBundlePath> {
  const workflowsPath = require.resolve('@rp/workflows');
  const hash = crypto.createHash('sha256');
  const roots = [path.dirname(workflowsPath), path.dirname(require.resolve('@rp/common'))];
  for (const file of roots.flatMap(jsFiles).sort()) hash.update(file).update(fs.readFileSync(file));
  hash.update(JSON.parse(fs.readFileSync(require.resolve('@temporalio/workflow/package.json'), 'utf8')).version);
  const codePath = path.join(cacheDir, `rp-workflow-bundle-${hash.digest('hex').slice(0, 16)}.js`);
  if (fs.existsSync(codePath)) return { codePath };
  const { code } = await bundleWorkflowCode({ workflowsPath, logger });
  // write then rename, so a worker killed mid-write never leaves a truncated bundle behind
  const tmp = `${codePath}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, code);
  fs.renameSync(tmp, codePath);
  return { codePath };
}
