#!/usr/bin/env node
// Bundles the workflow code once at build time, so a worker starts (and restarts after a crash) in seconds
// instead of running webpack on every boot. Workers fall back to bundling at start if the file is missing.
const fs = require('node:fs');
const path = require('node:path');
const { bundleWorkflowCode } = require('@temporalio/worker');

async function main() {
  const workflowsPath = require.resolve('@rp/workflows');
  const out = path.join(path.dirname(workflowsPath), 'workflow-bundle.js');
  const started = Date.now();
  const { code } = await bundleWorkflowCode({ workflowsPath, logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} } });
  fs.writeFileSync(out, code);
  process.stdout.write(`bundled workflows -> ${path.relative(process.cwd(), out)} (${(code.length / 1024).toFixed(0)} KiB, ${Date.now() - started} ms)\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
