import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiProxy, nextInTurn } from './api-proxy';
import { parseArgs } from './cli-args';
import { apiInstancePort, resolveSettings, temporalServerPorts } from './profiles';
import { buildServiceEnv, parseServiceName, serviceInstanceNames, type StackCoordinates } from './service-component';
import { profilePorts, profileServices } from './stack-layout';
import { CLUSTER_HISTORY_SHARDS, sqlToolSteps, temporalDynamicConfig, temporalServerConfig, temporalUiConfig } from './temporal-server-config';

const coords: StackCoordinates = {
  databaseUrl: 'postgres://postgres@127.0.0.1:55632/render',
  temporalAddress: '127.0.0.1:17433',
  temporalNamespace: 'default',
  minioEndpoint: 'http://127.0.0.1:19200',
  fileUrlSecret: 'x'.repeat(32),
  apiUrl: 'http://127.0.0.1:18280',
};

describe('cluster profile settings', () => {
  const s = resolveSettings('cluster', {}, '/repo');

  it('runs the Temporal server, two replicas of each service and small pools', () => {
    expect(parseArgs(['--profile', 'cluster']).profile).toBe('cluster');
    expect(s).toMatchObject({ temporalMode: 'cluster', replicas: 2, durability: 'durable', wipeDataDir: true });
    expect(s.ports).toMatchObject({ postgres: 55632, temporal: 17433, api: 18280 });
    expect(resolveSettings('cluster', { STACK_REPLICAS: '3' }, '/repo').replicas).toBe(3);
    expect(() => resolveSettings('cluster', { STACK_REPLICAS: '0' }, '/repo')).toThrow('STACK_REPLICAS');
    expect(resolveSettings('test', {}, '/repo')).toMatchObject({ temporalMode: 'dev', replicas: 1 });
    expect(profileServices(s)).toEqual(['api', 'api-2', 'render-worker', 'render-worker-2', 'webhook-worker', 'webhook-worker-2']);
    expect(serviceInstanceNames(['api'], 1)).toEqual(['api']);
  });

  it('gives each replica its own ports and the proxy the API port', () => {
    expect(apiInstancePort(s, 1)).toBe(18290);
    expect(apiInstancePort(s, 2)).toBe(18300);
    expect(apiInstancePort(resolveSettings('test', {}, '/repo'), 1)).toBe(18080);
    expect(buildServiceEnv('api-2', s, coords, {})).toMatchObject({ PORT: '18300', OPS_PORT: '18301', PUBLIC_API_URL: coords.apiUrl });
    expect(buildServiceEnv('webhook-worker-2', s, coords, {})).toMatchObject({ HEALTH_PORT: '19675', TEMPORAL_METRICS_PORT: '19677' });
    expect(buildServiceEnv('render-worker-2', s, coords, {})).toMatchObject({ HEALTH_PORT: '19674', BROWSER_POOL_SIZE: '1', RENDER_CONCURRENCY: '1' });
    // a prefixed override still wins over the profile's pool sizes
    expect(buildServiceEnv('render-worker', s, coords, { RENDER_WORKER_BROWSER_POOL_SIZE: '2' }).BROWSER_POOL_SIZE).toBe('2');
    expect(buildServiceEnv('api', s, coords, {}).BROWSER_POOL_SIZE).toBeUndefined();
    expect(parseServiceName('api-2', 2)).toEqual({ kind: 'api', instance: 2 });
    expect(parseServiceName('api-3', 2)).toBeNull();
    const ports = profilePorts(s).map((c) => c.port);
    expect(new Set(ports).size).toBe(ports.length);
    expect(ports).toEqual(expect.arrayContaining([18280, 18290, 18291, 18300, 18301, 17434, 17442]));
  });

  it('configures the server on Postgres with its own databases and four history shards', () => {
    const cfg = temporalServerConfig(s, { port: 55632, user: 'postgres' }, '/d/dynamic.yaml');
    expect(cfg.persistence.numHistoryShards).toBe(CLUSTER_HISTORY_SHARDS);
    expect(CLUSTER_HISTORY_SHARDS).toBe(4);
    expect(cfg.persistence.datastores['postgres-default'].sql).toMatchObject({ pluginName: 'postgres12', databaseName: 'temporal', connectAddr: '127.0.0.1:55632' });
    expect(cfg.persistence.datastores['postgres-visibility'].sql.databaseName).toBe('temporal_visibility');
    const p = temporalServerPorts(s);
    expect(cfg.services.frontend.rpc).toMatchObject({ grpcPort: 17433, httpPort: p.frontendHttp, bindOnLocalHost: true });
    expect(cfg.services.history.rpc.grpcPort).toBe(17434);
    expect(temporalUiConfig(s)).toMatchObject({ temporalGrpcAddress: '127.0.0.1:17433', port: 18433 });
  });

  it('keeps the dev server settings the platform relies on and takes extra dynamic config', () => {
    const dc = temporalDynamicConfig({ STACK_TEMPORAL_DYNAMIC_CONFIG: 'history.persistenceMaxQPS=500' });
    expect(dc['matching.enableFairness']).toEqual([{ value: true }]);
    expect(dc['matching.numTaskqueueReadPartitions']).toEqual([{ value: 1 }]);
    expect(dc['history.persistenceMaxQPS']).toEqual([{ value: 500 }]);
    expect(() => temporalDynamicConfig({ STACK_TEMPORAL_DYNAMIC_CONFIG: 'nope' })).toThrow('key=jsonValue');
  });

  it('sets up a new database with the sql tool and only updates an existing one', () => {
    const fresh = sqlToolSteps({ port: 1, user: 'postgres' }, 'temporal', 'postgresql/v12/temporal', true);
    expect(fresh.map((a) => a.find((x) => /^[a-z]+-(database|schema)$/.test(x)))).toEqual(['create-database', 'setup-schema', 'update-schema']);
    expect(fresh[2].slice(-2)).toEqual(['--schema-name', 'postgresql/v12/temporal']);
    expect(sqlToolSteps({ port: 1, user: 'postgres' }, 'temporal', 'postgresql/v12/temporal', false)).toHaveLength(1);
  });
});

describe('api proxy', () => {
  it('takes replicas in turn', () => {
    expect([nextInTurn(-1, 2), nextInTurn(0, 2), nextInTurn(1, 2)]).toEqual([0, 1, 0]);
  });

  it('balances connections round robin and skips a replica that refuses them', async () => {
    const servers = await Promise.all(
      ['a', 'b'].map(
        (name) =>
          new Promise<http.Server>((resolve) => {
            const srv = http.createServer((_req, res) => res.end(name));
            srv.listen(0, '127.0.0.1', () => resolve(srv));
          }),
      ),
    );
    const ports = servers.map((x) => (x.address() as AddressInfo).port);
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const proxyPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    let upstreams = ports;
    const proxy = new ApiProxy(proxyPort, () => upstreams);
    await proxy.start();
    const get = async () => {
      // a fresh connection per call: the proxy balances connections, not requests
      const res = await fetch(`http://127.0.0.1:${proxyPort}/`, { headers: { connection: 'close' } });
      return res.text();
    };
    try {
      expect([await get(), await get(), await get(), await get()]).toEqual(['a', 'b', 'a', 'b']);
      upstreams = [ports[0], 1]; // port 1: nothing listens, the connection is refused
      expect([await get(), await get(), await get()]).toEqual(['a', 'a', 'a']);
    } finally {
      await proxy.stop();
      for (const srv of servers) srv.close();
    }
  });
});
