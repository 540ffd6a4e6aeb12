// npm run sdk: regenerates both client libraries from the committed docs/openapi.json with their pinned generators
// (@hey-api/openapi-ts from npm; openapi-python-client from the venv scripts/setup.sh builds). With --out DIR it
// writes both into DIR instead (the staleness test compares that with the committed code).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SPEC = path.join(ROOT, 'docs/openapi.json');
const TS_OUT = 'sdk/typescript/src/generated';
const PY_OUT = 'sdk/python/render_platform/generated';

function pythonVenv() {
  if (process.env.SDK_PYTHON_VENV) return process.env.SDK_PYTHON_VENV;
  const cache = process.env.RENDER_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'render-platform');
  return path.join(cache, 'sdk-python');
}

async function generateTypeScript(outDir) {
  const { createClient } = await import('@hey-api/openapi-ts');
  fs.rmSync(outDir, { recursive: true, force: true });
  await createClient({
    input: SPEC,
    output: { path: outDir },
    // throwOnError: calls return data or throw, and the hand-written layer turns the error body into ApiError
    plugins: [{ name: '@hey-api/client-fetch', throwOnError: true }, '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent' },
  });
}

function generatePython(outDir) {
  const bin = path.join(pythonVenv(), 'bin');
  fs.rmSync(outDir, { recursive: true, force: true });
  const r = spawnSync(path.join(bin, 'openapi-python-client'), [
    'generate', '--path', SPEC, '--meta', 'none', '--overwrite',
    '--config', path.join(ROOT, 'sdk/python/openapi-python-client.yaml'),
    '--output-path', outDir,
  ], { encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, RUFF_NO_CACHE: 'true' } });
  fs.rmSync(path.join(outDir, '.ruff_cache'), { recursive: true, force: true });
  if (r.status !== 0 || !fs.existsSync(path.join(outDir, '__init__.py'))) {
    throw new Error(`openapi-python-client failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
}

async function main() {
  const i = process.argv.indexOf('--out');
  const base = i > 0 ? path.resolve(process.argv[i + 1]) : ROOT;
  await generateTypeScript(path.join(base, TS_OUT));
  generatePython(path.join(base, PY_OUT));
  process.stdout.write(`generated ${path.join(base, TS_OUT)} and ${path.join(base, PY_OUT)}\n`);
}

module.exports = { TS_OUT, PY_OUT, pythonVenv };

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`${e.stack ?? e}\n`);
    process.exit(1);
  });
}
