import { chromiumEnv, sandboxCommand, UNSANDBOXED, type ChromiumSandbox } from './chromium-sandbox';
import { decideSandbox, type SandboxFacts } from './resolve-chromium-sandbox';
import { parsePasswd } from './sandbox-user';

const user = { name: 'rp-chromium', uid: 999, gid: 995 };

describe('sandboxCommand', () => {
  test('a root worker spawns setpriv, which drops to the sandbox user and execs Chromium with the sandbox on', () => {
    const sandbox: ChromiumSandbox = { sandboxed: true, user, setprivPath: '/usr/bin/setpriv' };
    expect(sandboxCommand(sandbox, '/usr/bin/chromium', ['--headless=new', '--no-sandbox', '--user-data-dir=/tmp/p'])).toEqual({
      executablePath: '/usr/bin/setpriv',
      args: ['--reuid=999', '--regid=995', '--clear-groups', '--inh-caps=-all', '--no-new-privs', '--', '/usr/bin/chromium', '--headless=new', '--user-data-dir=/tmp/p'],
    });
  });

  test('a non-root worker starts Chromium directly; without the sandbox --no-sandbox is added once', () => {
    expect(sandboxCommand({ sandboxed: true, user: null, setprivPath: '/usr/bin/setpriv' }, '/c', ['--a'])).toEqual({ executablePath: '/c', args: ['--a'] });
    expect(sandboxCommand(UNSANDBOXED, '/c', ['--no-sandbox', '--a'])).toEqual({ executablePath: '/c', args: ['--a', '--no-sandbox'] });
  });
});

describe('chromiumEnv', () => {
  test('holds a fixed PATH, HOME in the profile and allow-listed locale settings, never a secret', () => {
    const env = chromiumEnv('/tmp/rp-chromium-x', {
      PATH: '/secret/bin',
      DATABASE_URL: 'postgres://u:p@h/db',
      MINIO_SECRET_KEY: 'k',
      FILE_URL_SECRET: 's',
      TZ: 'UTC',
      RP_STACK_DATA_DIR: '/d',
    });
    expect(env).toEqual({ PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/tmp/rp-chromium-x', TZ: 'UTC', RP_STACK_DATA_DIR: '/d' });
  });
});

describe('decideSandbox', () => {
  const facts = (f: Partial<SandboxFacts>): SandboxFacts => ({
    isRoot: true,
    userName: 'rp-chromium',
    user,
    setprivPath: '/usr/bin/setpriv',
    userNamespaces: { ok: true },
    allowNoSandbox: false,
    ...f,
  });

  test('root with user namespaces: sandboxed, as the sandbox user', () => {
    expect(decideSandbox(facts({}))).toEqual({ ok: true, sandbox: { sandboxed: true, user, setprivPath: '/usr/bin/setpriv' }, warning: null });
  });

  test('non-root: sandboxed as the worker itself', () => {
    expect(decideSandbox(facts({ isRoot: false, user: null }))).toMatchObject({ ok: true, sandbox: { sandboxed: true, user: null } });
  });

  test('root without the sandbox user or setpriv refuses to start, naming what is missing', () => {
    expect(decideSandbox(facts({ user: null }))).toEqual({ ok: false, error: expect.stringMatching(/^RENDER_SANDBOX_USER: user 'rp-chromium' does not exist/) });
    expect(decideSandbox(facts({ setprivPath: null }))).toEqual({ ok: false, error: expect.stringMatching(/setpriv/) });
  });

  test('no user namespaces: refuses unless RENDER_ALLOW_NO_SANDBOX, then starts unsandboxed with a warning', () => {
    const none = { ok: false as const, reason: 'unshare failed: No space left on device' };
    expect(decideSandbox(facts({ userNamespaces: none }))).toEqual({ ok: false, error: expect.stringMatching(/No space left on device.*RENDER_ALLOW_NO_SANDBOX=1/) });
    const allowed = decideSandbox(facts({ userNamespaces: none, allowNoSandbox: true }));
    expect(allowed).toMatchObject({ ok: true, sandbox: { sandboxed: false, user }, warning: expect.stringMatching(/WITHOUT its sandbox/) });
  });
});

describe('parsePasswd', () => {
  const passwd = 'root:x:0:0:root:/root:/bin/bash\nrp-chromium:x:999:995::/nonexistent:/usr/sbin/nologin\n';
  test('finds a user by name or uid', () => {
    expect(parsePasswd(passwd, 'rp-chromium')).toEqual(user);
    expect(parsePasswd(passwd, '999')).toEqual(user);
    expect(parsePasswd(passwd, 'nobody')).toBeNull();
  });
});
