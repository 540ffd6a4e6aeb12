import { parseArgs } from './cli-args';
import { parseKeysArgs, resolveDatabaseUrl } from './keys-cli';
import { resolveSettings, TEST_SSRF_ALLOW_CIDRS } from './profiles';
import { buildServiceEnv, parseServiceName, type StackCoordinates } from './service-component';
import { dynamicConfigArgs, temporalArgs } from './temporal-component';

const coords: StackCoordinates = {
  databaseUrl: 'postgres://postgres@127.0.0.1:55432/render',
  temporalAddress: '127.0.0.1:17233',
  temporalNamespace: 'default',
  minioEndpoint: 'http://127.0.0.1:19000',
  fileUrlSecret: 'x'.repeat(32),
  apiUrl: 'http://127.0.0.1:18080',
};

describe('profiles', () => {
  it('uses the documented defaults and env overrides', () => {
    const dev = resolveSettings('dev', {}, '/repo');
    expect(dev.ports).toMatchObject({ postgres: 54329, minio: 9000, temporal: 7233, api: 8080 });
    expect(dev.dataDir).toBe('/repo/.stack/dev');
    expect(dev.wipeDataDir).toBe(false);
    const test = resolveSettings('test', { STACK_API_PORT: '28080', STACK_DATA_DIR: '/tmp/x' }, '/repo');
    expect(test.ports).toMatchObject({ postgres: 55432, api: 28080, temporalUi: 18233 });
    expect(test.dataDir).toBe('/tmp/x');
    expect(test.wipeDataDir).toBe(true);
    expect(resolveSettings('bench', {}, '/repo').ports.api).toBe(18180);
    expect(() => resolveSettings('dev', { STACK_PG_PORT: 'abc' }, '/repo')).toThrow('STACK_PG_PORT must be a port');
  });

  it('parses the supervisor flags', () => {
    expect(parseArgs([])).toEqual({ profile: 'dev', controlPort: null });
    expect(parseArgs(['--profile', 'test', '--control-port=19990'])).toEqual({ profile: 'test', controlPort: 19990 });
    expect(() => parseArgs(['--profile', 'prod'])).toThrow('unknown profile "prod"');
  });
});

describe('service env', () => {
  it('wires coordinates, test knobs and prefixed overrides', () => {
    const s = resolveSettings('test', {}, '/repo');
    const base = { PATH: '/bin', RENDER_WORKER_RENDER_CONCURRENCY: '8', API_RATE_LIMIT_PER_MINUTE: '5' };
    const worker = buildServiceEnv('render-worker', s, coords, base);
    expect(worker).toMatchObject({
      PATH: '/bin',
      DATABASE_URL: coords.databaseUrl,
      HEALTH_PORT: '19464',
      RENDER_CONCURRENCY: '8',
      SSRF_ALLOW_CIDRS: TEST_SSRF_ALLOW_CIDRS,
      WEBHOOK_RETRY_SCHEDULE: '0,1s,1s,2s,2s',
    });
    expect(worker.RATE_LIMIT_PER_MINUTE).toBeUndefined();
    expect(buildServiceEnv('render-worker-2', s, coords, base).HEALTH_PORT).toBe('19474');
    expect(buildServiceEnv('api', s, coords, base)).toMatchObject({ PORT: '18080', OPS_PORT: '18081', RATE_LIMIT_PER_MINUTE: '5' });
    // the ops port follows a STACK_API_PORT override (lanes' env files need no variable of their own)
    expect(buildServiceEnv('api', resolveSettings('test', { STACK_API_PORT: '18680' }, '/repo'), coords, {}).OPS_PORT).toBe('18681');
    expect(buildServiceEnv('api', resolveSettings('dev', {}, '/repo'), coords, {}).SSRF_ALLOW_CIDRS).toBeUndefined();
  });

  it('knows the process names', () => {
    expect(parseServiceName('render-worker-3')).toEqual({ kind: 'render-worker', instance: 3 });
    expect(parseServiceName('api-2')).toBeNull();
    expect(parseServiceName('postgres')).toBeNull();
  });
});

describe('temporal args', () => {
  it('registers the search attributes and passes dynamic config', () => {
    const args = temporalArgs(resolveSettings('test', {}, '/repo'), '/d/temporal.db', {
      STACK_TEMPORAL_DYNAMIC_CONFIG: 'limit.maxIDLength=1000',
    });
    expect(args.filter((a) => a.endsWith('=Keyword'))).toEqual([
      'OrgId=Keyword',
      'RenderKind=Keyword',
      'TemplateId=Keyword',
      'RenderStatus=Keyword',
      'CollectionId=Keyword',
      'ScheduleId=Keyword',
      'WebhookId=Keyword',
      'DeliveryStatus=Keyword',
    ]);
    expect(args).toEqual(expect.arrayContaining(['--port', '17233', '--ui-port', '18233', '--db-filename', '/d/temporal.db']));
    expect(args.slice(-2)).toEqual(['--dynamic-config-value', 'limit.maxIDLength=1000']);
    expect(dynamicConfigArgs(undefined)).toEqual([]);
  });

  it('keeps dev and bench durable and lets only the test profile skip syncing', () => {
    const pragmas = (p: 'dev' | 'test' | 'bench') =>
      temporalArgs(resolveSettings(p, {}, '/repo'), '/d/t.db', {}).filter((_, i, a) => a[i - 1] === '--sqlite-pragma');
    expect(pragmas('dev')).toEqual(['journal_mode=wal', 'synchronous=normal']);
    expect(pragmas('bench')).toEqual(['journal_mode=wal', 'synchronous=normal']);
    expect(pragmas('test')).toEqual(['journal_mode=wal', 'synchronous=off']);
    expect(resolveSettings('bench', {}, '/repo').durability).toBe('durable');
    expect(resolveSettings('dev', {}, '/repo').durability).toBe('durable');
    expect(resolveSettings('test', {}, '/repo').durability).toBe('fast');
  });
});

describe('keys cli', () => {
  it('parses create/revoke and prefers DATABASE_URL', () => {
    expect(parseKeysArgs(['create', '--org', 'acme'])).toEqual({ command: 'create', org: 'acme' });
    expect(parseKeysArgs(['revoke', '--key-id=abc'])).toEqual({ command: 'revoke', keyId: 'abc' });
    expect(() => parseKeysArgs(['create'])).toThrow('usage');
    expect(resolveDatabaseUrl({ DATABASE_URL: 'postgres://x/y' }, '/nope')).toBe('postgres://x/y');
    expect(() => resolveDatabaseUrl({}, '/nope')).toThrow('DATABASE_URL is not set');
  });
});
