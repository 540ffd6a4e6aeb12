#!/usr/bin/env node
// Builds the studio into dist/ (index.html, studio.js, studio.css): one esbuild bundle of app/main.tsx with Preact and
// CodeMirror from node_modules, so the page loads nothing from anywhere but the API that serves it.
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

async function main() {
  const started = Date.now();
  const out = path.join(__dirname, 'dist');
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'app/main.tsx')],
    bundle: true,
    minify: true,
    sourcemap: true,
    format: 'iife',
    target: ['chrome110', 'firefox110', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outfile: path.join(out, 'studio.js'),
    logLevel: 'warning',
  });
  for (const f of ['index.html', 'studio.css']) fs.copyFileSync(path.join(__dirname, 'app', f), path.join(out, f));
  const size = fs.statSync(path.join(out, 'studio.js')).size;
  process.stdout.write(`built studio -> apps/studio/dist (${(size / 1024).toFixed(0)} KiB, ${Date.now() - started} ms)\n`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
