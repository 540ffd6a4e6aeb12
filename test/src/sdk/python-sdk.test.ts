import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { closeTestDb, newOrg, stackInfo } from '../index';

// The Python SDK (sdk/python) against the real stack: pytest (sdk/python/tests) runs from the venv scripts/setup.sh
// builds, with the stack's API URL and fresh orgs' keys in its environment; mypy --strict holds the library, its
// examples and its tests to their types.
jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, '../../..');
const SDK = path.join(ROOT, 'sdk/python');
const VENV_BIN = path.join(process.env.SDK_PYTHON_VENV ?? path.join(process.env.RENDER_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'render-platform'), 'sdk-python'), 'bin');

/** Runs a command in sdk/python; keeps the last 32 KiB of its output for the failure message. */
function run(cmd: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; tail: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(VENV_BIN, cmd), args, {
      cwd: SDK,
      env: { ...process.env, PYTHONPATH: SDK, PYTHONDONTWRITEBYTECODE: '1', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const keep = (b: Buffer) => {
      tail = (tail + b.toString('utf8')).slice(-32768);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, tail }));
  });
}

describe('Python SDK against the stack', () => {
  afterAll(() => closeTestDb());

  test('pytest: render + PNG decode (sync and async), collection items, webhook verification, 250 people, typed errors, 429 recovery', async () => {
    const [main, people, rate] = await Promise.all([newOrg(), newOrg(), newOrg()]);
    const { code, tail } = await run('python', ['-m', 'pytest', 'tests', '-q', '-p', 'no:cacheprovider'], {
      RENDER_API_URL: stackInfo().apiUrl,
      RENDER_API_KEY: main.key,
      RENDER_API_KEY_PEOPLE: people.key,
      RENDER_API_KEY_RATE: rate.key,
    });
    if (code !== 0) throw new Error(`pytest exited ${code}:\n${tail}`);
    expect(tail).toMatch(/\b7 passed\b/);
  });

  test('mypy --strict: the library, its examples and its tests', async () => {
    const { code, tail } = await run('mypy', ['--strict', '--cache-dir', '/dev/null', 'render_platform', 'examples', 'tests'], {});
    if (code !== 0) throw new Error(`mypy exited ${code}:\n${tail}`);
    expect(tail).toMatch(/^Success: no issues found/m);
  });
});
