import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stackControl } from '@rp/stack';
import { closeTestDb, createCardTemplate, descendants, newOrg, readProc, stackInfo, waitFor } from '../index';

// Chromium as the tenants' HTML meets it: every browser process of the stack's render worker is read from /proc.
const REPO = path.resolve(__dirname, '../../..');
const WITHOUT_USERNS = path.join(REPO, 'test/src/support/without-user-namespaces.sh');
const SECRET_NAMES = ['DATABASE_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY', 'FILE_URL_SECRET', 'TEMPORAL_ADDRESS'];

function uidOf(user: string): number | null {
  const line = fs.readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${user}:`));
  return line ? Number(line.split(':')[2]) : null;
}

describe('Chromium sandbox', () => {
  afterAll(closeTestDb);

  test('every Chromium process runs sandboxed, as the sandbox user, with no secret in its environment', async () => {
    // a render makes sure the pool's browsers and at least one renderer are up
    const org = await newOrg();
    const tpl = await createCardTemplate(org.api);
    const res = await org.api.post('/v1/images', { template_id: tpl.id }, { prefer: 'wait=60' });
    expect(res.body.status).toBe('completed');

    const worker = (await stackControl.status()).processes.find((p) => p.name === 'render-worker');
    expect(worker?.pid).toBeTruthy();
    const chromium = descendants(worker!.pid!).filter((p) => p.exe.startsWith('/usr/lib/chromium/'));
    const renderers = chromium.filter((p) => / --type=renderer\b/.test(p.cmdline));
    expect(chromium.length).toBeGreaterThanOrEqual(3);
    expect(renderers.length).toBeGreaterThanOrEqual(1);

    const info = stackInfo();
    const secretValues = [info.databaseUrl, info.minio.secretKey, info.fileUrlSecret];
    const sandboxUid = uidOf('rp-chromium');
    for (const p of chromium) {
      const names = p.environ.map((e) => e.slice(0, e.indexOf('=')));
      expect({ pid: p.pid, secrets: names.filter((n) => SECRET_NAMES.includes(n)) }).toEqual({ pid: p.pid, secrets: [] });
      expect({ pid: p.pid, leaked: secretValues.filter((v) => p.environ.some((e) => e.includes(v))).length }).toEqual({ pid: p.pid, leaked: 0 });
      expect({ pid: p.pid, noSandbox: / --no-sandbox\b/.test(p.cmdline) }).toEqual({ pid: p.pid, noSandbox: false });
      expect({ pid: p.pid, uid: p.uid }).toEqual({ pid: p.pid, uid: sandboxUid });
    }
    // the namespace sandbox is really on: renderers live in a user namespace of their own
    const browser = chromium.find((p) => !/ --type=/.test(p.cmdline))!;
    for (const r of renderers) expect(r.userNs).not.toBe(browser.userNs);
  });

  /**
   * Starts a render worker as the stack does but without user namespaces. Nothing listens at its Temporal address,
   * so a worker that gets past the sandbox check waits there (taking no task) until `stop` kills it and what it began.
   */
  const startWorker = (extraEnv: Record<string, string>) => {
    const info = stackInfo();
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      DATABASE_URL: info.databaseUrl,
      MINIO_ENDPOINT: info.minio.endpoint,
      MINIO_ACCESS_KEY: info.minio.accessKey,
      MINIO_SECRET_KEY: info.minio.secretKey,
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      HEALTH_PORT: '0',
      BROWSER_POOL_SIZE: '1',
      ...extraEnv,
    };
    const child = spawn(WITHOUT_USERNS, [process.execPath, path.join(REPO, 'services/render-worker/dist/main.js')], { env });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    let code: number | null | undefined;
    void exited.then((c) => (code = c));
    return {
      exited: exited.then((c) => ({ code: c, out })),
      /** Resolves with the JSON log lines once one matches; fails if the worker exits first. */
      logLine: (match: (line: any) => boolean) =>
        waitFor(
          async () => {
            const lines = out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
            if (lines.some(match)) return lines;
            if (code !== undefined) throw new Error(`worker exited (code ${code}) before the log line:\n${out}`);
            return null;
          },
          { timeoutMs: 90_000, everyMs: 100, what: 'the worker\'s log line' },
        ),
      /** Kills the worker and everything it started; answers those still alive after the worker is gone. */
      stop: async () => {
        const pids = [child.pid!, ...descendants(child.pid!).map((p) => p.pid)];
        for (const pid of pids) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // gone already
          }
        }
        await exited;
        return waitFor(async () => (pids.every((pid) => readProc(pid) === null) ? [] : null), { timeoutMs: 10_000, what: 'the worker\'s processes to be gone' });
      },
    };
  };

  test('the suite runs as root, as CI does: the stack drops Chromium to its sandbox user, user namespaces can be taken away', () => {
    expect({ uid: process.getuid?.(), sandboxUid: uidOf('rp-chromium') }).toEqual({ uid: 0, sandboxUid: expect.any(Number) });
  });

  test('without user namespaces the worker refuses to start, naming RENDER_ALLOW_NO_SANDBOX', async () => {
    const { code, out } = await startWorker({}).exited;
    expect(code).toBe(78);
    expect(out).toMatch(/user namespaces.*RENDER_ALLOW_NO_SANDBOX=1/);
    expect(out).not.toMatch(/chromium launched/);
  });

  test('with RENDER_ALLOW_NO_SANDBOX=1 it starts Chromium unsandboxed and logs a warning', async () => {
    const worker = startWorker({ RENDER_ALLOW_NO_SANDBOX: '1' });
    try {
      const lines = await worker.logLine((l) => l.msg === 'renderer ready');
      const warning = lines.find((l) => l.level === 40 && /RENDER_ALLOW_NO_SANDBOX=1/.test(l.msg));
      expect(warning?.msg).toMatch(/WITHOUT its sandbox/);
      expect(lines.find((l) => l.msg === 'renderer ready')).toMatchObject({ sandboxed: false, chromiumUser: 'rp-chromium' });
    } finally {
      expect(await worker.stop()).toEqual([]);
    }
  });
});
