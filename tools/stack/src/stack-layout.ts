import { MinioComponent } from './minio-component';
import type { Component, ExitInfo, ManagedProcess } from './managed-process';
import { PostgresComponent } from './postgres-component';
import { findBinary, newestPostgresBinDir, type BinaryClaim, type PortClaim } from './preflight';
import { PORT_ENV, SERVICE_KINDS, apiInstancePort, apiOpsPort, temporalServerPorts, type StackSettings } from './profiles';
import { serviceInstanceNames } from './service-component';
import { TemporalComponent } from './temporal-component';
import { TemporalServerComponent, TemporalUiComponent } from './temporal-server-component';

/** Every binary the profile runs, found (or named as missing: "run npm run setup"). */
export function profileBinaries(s: StackSettings): Record<string, BinaryClaim> {
  const pgBin = s.pgBinDir ?? newestPostgresBinDir();
  const bins: Record<string, BinaryClaim> = {
    postgres: findBinary('postgres', [pgBin]),
    initdb: findBinary('initdb', [pgBin]),
    minio: findBinary('minio', [s.binDir]),
  };
  if (s.temporalMode === 'dev') bins.temporal = findBinary('temporal', [s.binDir]);
  else {
    bins.temporalServer = findBinary('temporal-server', [s.binDir]);
    bins.temporalSqlTool = findBinary('temporal-sql-tool', [s.binDir]);
    bins.temporalUi = findBinary('temporal-ui-server', [s.binDir]);
  }
  return bins;
}

/** Every port the profile listens on, with the env variable that moves it. */
export function profilePorts(s: StackSettings): PortClaim[] {
  const claims: PortClaim[] = (Object.keys(s.ports) as (keyof StackSettings['ports'])[]).map((k) => ({
    name: k,
    port: s.ports[k],
    envVar: PORT_ENV[k],
  }));
  if (s.replicas > 1) {
    for (let n = 1; n <= s.replicas; n++) {
      const port = apiInstancePort(s, n);
      const envVar = `${PORT_ENV.api} (+${port - s.ports.api})`;
      claims.push({ name: `api-${n}`, port, envVar }, { name: `api-${n} ops`, port: apiOpsPort(port), envVar });
    }
  } else {
    claims.push({ name: 'apiOps', port: apiOpsPort(s.ports.api), envVar: `${PORT_ENV.api} (+1)` });
  }
  if (s.temporalMode === 'cluster') {
    for (const [name, port] of Object.entries(temporalServerPorts(s))) {
      if (port !== s.ports.temporal) claims.push({ name: `temporal ${name}`, port, envVar: `${PORT_ENV.temporal} (+${port - s.ports.temporal})` });
    }
  }
  if (s.controlPort) claims.push({ name: 'control', port: s.controlPort, envVar: '--control-port' });
  return claims;
}

/** The service processes the profile starts: one of each, or `replicas` of each (api, api-2, ...). */
export const profileServices = (s: StackSettings) => serviceInstanceNames(SERVICE_KINDS, s.replicas);

export interface Infra {
  postgres: PostgresComponent;
  minio: MinioComponent;
  temporal: TemporalComponent | TemporalServerComponent;
  /** The cluster profile's UI server; the dev server serves its own UI. */
  temporalUi: TemporalUiComponent | null;
  /** Start order: each group in parallel, the groups one after another (the Temporal server needs Postgres). */
  startGroups: Component[][];
  /** Stop order after the services. */
  stopOrder: Component[];
}

export function createInfra(
  s: StackSettings,
  bins: Record<string, BinaryClaim>,
  onExit: (p: ManagedProcess, info: ExitInfo) => void,
  log: (msg: string) => void,
): Infra {
  const postgres = new PostgresComponent(s, { initdb: bins.initdb.path!, postgres: bins.postgres.path! }, onExit, log);
  const minio = new MinioComponent(s, bins.minio.path!, onExit);
  if (s.temporalMode === 'dev') {
    const temporal = new TemporalComponent(s, bins.temporal.path!, onExit);
    return { postgres, minio, temporal, temporalUi: null, startGroups: [[postgres, minio, temporal]], stopOrder: [temporal, minio, postgres] };
  }
  const pg = { port: s.ports.postgres, user: 'postgres', adminUrl: postgres.adminUrl };
  const temporal = new TemporalServerComponent(s, { server: bins.temporalServer.path!, sqlTool: bins.temporalSqlTool.path! }, pg, onExit);
  const temporalUi = new TemporalUiComponent(s, bins.temporalUi.path!, onExit);
  return {
    postgres,
    minio,
    temporal,
    temporalUi,
    startGroups: [[postgres, minio], [temporal], [temporalUi]],
    stopOrder: [temporalUi, temporal, minio, postgres],
  };
}
