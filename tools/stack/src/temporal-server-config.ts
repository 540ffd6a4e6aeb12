import { temporalServerPorts, type StackSettings } from './profiles';

/**
 * History shards of the cluster profile's Temporal server. Fixed for the life of a cluster (it cannot change
 * without a new cluster); 4 fits one process on 2 cores. docs/capacity.md says what a production cluster takes.
 */
export const CLUSTER_HISTORY_SHARDS = 4;
/** Temporal's databases in the stack's Postgres, beside the platform's own `render`. */
export const TEMPORAL_DATABASES = { persistence: 'temporal', visibility: 'temporal_visibility' } as const;
/** Embedded schema directories of the sql tool (go.temporal.io/server/schema, `--schema-name`). */
export const TEMPORAL_SCHEMAS = { persistence: 'postgresql/v12/temporal', visibility: 'postgresql/v12/visibility' } as const;

interface PgCoordinates {
  port: number;
  user: string;
}

function sqlStore(db: string, pg: PgCoordinates, maxConns: number) {
  return {
    sql: {
      pluginName: 'postgres12',
      databaseName: db,
      connectAddr: `127.0.0.1:${pg.port}`,
      connectProtocol: 'tcp',
      user: pg.user,
      password: '',
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  };
}

const rpc = (grpcPort: number, membershipPort: number, extra: object = {}) => ({
  rpc: { grpcPort, membershipPort, bindOnLocalHost: true, ...extra },
});

/**
 * The server's static config (`<config dir>/<env>.yaml`; JSON is YAML), after the module's
 * config/development-postgres12.yaml: Postgres persistence and SQL visibility, all four services in one process
 * on loopback ports next to the frontend, Prometheus metrics, no archival.
 */
export function temporalServerConfig(s: StackSettings, pg: PgCoordinates, dynamicConfigFile: string) {
  const p = temporalServerPorts(s);
  return {
    log: { stdout: true, level: 'warn' },
    persistence: {
      defaultStore: 'postgres-default',
      visibilityStore: 'postgres-visibility',
      numHistoryShards: CLUSTER_HISTORY_SHARDS,
      datastores: {
        // per service: the four services of the one process each open their own pools
        'postgres-default': sqlStore(TEMPORAL_DATABASES.persistence, pg, 10),
        'postgres-visibility': sqlStore(TEMPORAL_DATABASES.visibility, pg, 2),
      },
    },
    global: {
      membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' },
      metrics: { prometheus: { framework: 'tally', timerType: 'histogram', listenAddress: `127.0.0.1:${p.metrics}` } },
    },
    services: {
      frontend: rpc(p.frontendGrpc, p.frontendMembership, { httpPort: p.frontendHttp }),
      history: rpc(p.historyGrpc, p.historyMembership),
      matching: rpc(p.matchingGrpc, p.matchingMembership),
      worker: rpc(p.workerGrpc, p.workerMembership),
    },
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: { enabled: true, initialFailoverVersion: 1, rpcName: 'frontend', rpcAddress: `127.0.0.1:${p.frontendGrpc}` },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    dynamicConfigClient: { filepath: dynamicConfigFile, pollInterval: '10s' },
  };
}

/** "k1=v1;k2=v2" (values JSON) from STACK_TEMPORAL_DYNAMIC_CONFIG, as the dev server's --dynamic-config-value. */
function parseDynamicPairs(raw: string | undefined): [string, unknown][] {
  return (raw ?? '')
    .split(';')
    .map((kv) => kv.trim())
    .filter(Boolean)
    .map((kv) => {
      const i = kv.indexOf('=');
      if (i < 1) throw new Error(`STACK_TEMPORAL_DYNAMIC_CONFIG: "${kv}" is not key=jsonValue`);
      return [kv.slice(0, i), JSON.parse(kv.slice(i + 1))];
    });
}

/**
 * The dynamic config file: the dev server's settings the platform relies on (fairness, one partition per queue:
 * temporal-component.ts says why), search attributes readable at once after registration (the stack registers
 * them at start and serves right after; a long-lived cluster can leave the cache on), then STACK_TEMPORAL_DYNAMIC_CONFIG.
 */
export function temporalDynamicConfig(env: NodeJS.ProcessEnv = process.env): Record<string, { value: unknown }[]> {
  const values: [string, unknown][] = [
    ['matching.enableFairness', true],
    ['matching.numTaskqueueReadPartitions', 1],
    ['matching.numTaskqueueWritePartitions', 1],
    ['system.forceSearchAttributesCacheRefreshOnRead', true],
    ['limit.maxIDLength', 255],
    ...parseDynamicPairs(env.STACK_TEMPORAL_DYNAMIC_CONFIG),
  ];
  return Object.fromEntries(values.map(([k, value]) => [k, [{ value }]]));
}

/**
 * Temporal's sql tool, as an operator runs it: create the database, set up the versioning tables, then update to
 * the newest schema the tool embeds. The first two steps only for a database that does not exist yet.
 */
export function sqlToolSteps(pg: PgCoordinates, db: string, schemaName: string, fresh: boolean): string[][] {
  const conn = ['--plugin', 'postgres12', '--endpoint', '127.0.0.1', '--port', String(pg.port), '--user', pg.user, '--database', db];
  const steps = [
    [...conn, 'create-database', '--defaultdb', 'postgres'],
    [...conn, 'setup-schema', '--version', '0.0'],
    [...conn, 'update-schema', '--schema-name', schemaName],
  ];
  return fresh ? steps : steps.slice(2);
}

/** The UI server's config (`<dir>/<env>.yaml`), pointed at the frontend. */
export function temporalUiConfig(s: StackSettings) {
  return {
    temporalGrpcAddress: `127.0.0.1:${s.ports.temporal}`,
    host: '127.0.0.1',
    port: s.ports.temporalUi,
    enableUi: true,
    defaultNamespace: s.temporalNamespace,
    publicPath: '',
    cors: { allowOrigins: [], cookieInsecure: true },
    hideLogs: false,
  };
}
