import { INITIAL_OLD_SPACE_FLAG, SERVICE_NODE_OPTIONS, serviceHeapFlags } from '@rp/config';
import { resolveSettings, type ProfileName } from './profiles';
import { buildServiceEnv, serviceCommandFlags, type ServiceKind, type StackCoordinates } from './service-component';
import { temporalArgs } from './temporal-component';

const coords: StackCoordinates = {
  databaseUrl: 'postgres://postgres@127.0.0.1:55432/render',
  temporalAddress: '127.0.0.1:17233',
  temporalNamespace: 'default',
  minioEndpoint: 'http://127.0.0.1:19000',
  fileUrlSecret: 'x'.repeat(32),
  apiUrl: 'http://127.0.0.1:18080',
};

// what may differ between `npm run bench` and `npm start` (the bench measures what a client of npm start sees)
const PER_INSTANCE = new Set(['PORT', 'OPS_PORT', 'HEALTH_PORT', 'TEMPORAL_METRICS_PORT', 'RP_STACK_DATA_DIR']);
const TEST_KNOBS = new Set(['SSRF_ALLOW_CIDRS', 'WEBHOOK_RETRY_SCHEDULE', 'HOST']);

function differing(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]).sort();
}

describe('the bench profile is npm start', () => {
  const settings = (p: ProfileName) => resolveSettings(p, {}, '/repo');

  it.each(['api', 'render-worker', 'webhook-worker'])('gives %s the env of the dev profile but for ports, data dir and test knobs', (name) => {
    const base = { PATH: '/bin', LOG_LEVEL: 'info' };
    const diff = differing(buildServiceEnv(name, settings('dev'), coords, base), buildServiceEnv(name, settings('bench'), coords, base));
    expect(diff.filter((k) => !PER_INSTANCE.has(k) && !TEST_KNOBS.has(k))).toEqual([]);
    // none of the knobs that differ touches an image render's path: the card fetches nothing, and no webhook is set
    // (HOST: loopback instead of every interface, for the listening sockets)
    expect(diff.filter((k) => TEST_KNOBS.has(k))).toEqual(['HOST', 'SSRF_ALLOW_CIDRS', 'WEBHOOK_RETRY_SCHEDULE']);
  });

  it('runs every service with the V8 flags of the container images, after the options it was given', () => {
    for (const name of ['api', 'render-worker', 'webhook-worker']) {
      // the webhook worker's heaps sized for its memory setting, as its image's start sizes them
      // (those Node refuses in NODE_OPTIONS go on the command line: serviceCommandFlags)
      const env = buildServiceEnv(name, settings('dev'), coords, {});
      const command = serviceCommandFlags(name as ServiceKind, env);
      const heap = serviceHeapFlags(name, env).filter((f) => !command.includes(f)).join(' ');
      expect(buildServiceEnv(name, settings('dev'), coords, {}).NODE_OPTIONS).toBe(`${SERVICE_NODE_OPTIONS} ${heap}`.trim());
      const profiled = buildServiceEnv(name, settings('bench'), coords, { NODE_OPTIONS: '--require /x/prof.js' });
      expect(profiled.NODE_OPTIONS).toBe(`--require /x/prof.js ${SERVICE_NODE_OPTIONS} ${heap}`.trim());
    }
    expect(buildServiceEnv('webhook-worker', settings('dev'), coords, {}).NODE_OPTIONS).toMatch(/--max-old-space-size=\d+$/);
    expect(serviceCommandFlags('render-worker', buildServiceEnv('render-worker', settings('dev'), coords, {}))).toEqual([INITIAL_OLD_SPACE_FLAG]);
  });

  it('runs Temporal and Postgres with the same durability, differing only in ports and files', () => {
    const [dev, bench] = [settings('dev'), settings('bench')];
    expect(bench.durability).toBe(dev.durability);
    const args = (p: ProfileName) => temporalArgs(settings(p), 'DB', {}).map((a) => a.replace(/^\d+$/, 'PORT'));
    expect(args('bench')).toEqual(args('dev'));
    expect([dev.replicas, dev.temporalMode, dev.kindEnv]).toEqual([bench.replicas, bench.temporalMode, bench.kindEnv]);
    // the one difference that stays: bench starts from an empty data dir, npm start keeps .stack/dev
    expect([dev.wipeDataDir, bench.wipeDataDir]).toEqual([false, true]);
  });
});
