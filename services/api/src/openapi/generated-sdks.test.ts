import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The client libraries in sdk/ are generated from the committed docs/openapi.json (npm run sdk); like the document's
// own staleness test, this regenerates both into a temp dir and fails when the committed code differs, so an
// operation added without regenerating cannot land. The Python generator runs from the venv scripts/setup.sh builds.
const ROOT = path.resolve(__dirname, '../../../..');
const { TS_OUT, PY_OUT, pythonVenv } = require(path.join(ROOT, 'scripts/generate-sdks.js')) as { TS_OUT: string; PY_OUT: string; pythonVenv: () => string };

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== '__pycache__') walk(p);
      } else out.set(path.relative(dir, p), fs.readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

function expectSame(committed: string, fresh: string) {
  const a = files(committed);
  const b = files(fresh);
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  const stale = [...b].filter(([f, text]) => a.get(f) !== text).map(([f]) => f);
  expect(stale).toEqual([]);
}

describe('generated SDKs match docs/openapi.json (run `npm run sdk` after API changes)', () => {
  let out: string;
  beforeAll(() => {
    expect(fs.existsSync(path.join(pythonVenv(), 'bin', 'openapi-python-client'))).toBe(true); // `npm run setup -- --for sdk` (or test) builds it
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-gen-'));
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/generate-sdks.js'), '--out', out], { cwd: ROOT, stdio: 'pipe' });
  }, 120_000);
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  test('TypeScript (@hey-api/openapi-ts)', () => expectSame(path.join(ROOT, TS_OUT), path.join(out, TS_OUT)));
  test('Python (openapi-python-client)', () => expectSame(path.join(ROOT, PY_OUT), path.join(out, PY_OUT)));
});
